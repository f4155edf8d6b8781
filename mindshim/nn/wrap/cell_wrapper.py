"""mindspore.nn.wrap.cell_wrapper: WithLossCell, WithEvalCell, WithGradCell, TrainOneStepCell.

These wrap a network with `auto_prefix=False`, so parameter names stay those of the backbone (they are
the checkpoint keys). TrainOneStepCell differentiates the loss network with `GradOperation` and reuses
the forward it has just run (see `mindshim/ops/composite/grad.py`).
"""
from __future__ import annotations

from typing import Any

from mindshim import context
from mindshim.common import dtype as mstype
from mindshim.nn.cell import Cell
from mindshim.ops.composite import GradOperation, depend, identity


class WithLossCell(Cell):
    """nn.WithLossCell(backbone, loss_fn): `loss_fn(backbone(data), label)`."""

    def __init__(self, backbone: Cell, loss_fn: Cell) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data: Any, label: Any) -> Any:
        out = self._backbone(data)
        return self._loss_fn(out, label)

    @property
    def backbone_network(self) -> Cell:
        return self._backbone


class WithEvalCell(Cell):
    """nn.WithEvalCell(network, loss_fn, add_cast_fp32=False): returns (loss, outputs, label)."""

    def __init__(self, network: Cell, loss_fn: Cell, add_cast_fp32: bool = False) -> None:
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = add_cast_fp32

    def construct(self, data: Any, label: Any) -> Any:
        outputs = self._network(data)
        if self.add_cast_fp32:  # MindSpore's mixed_precision_cast: floating-point labels only (class ids stay ints)
            label = label.to(mstype.to_torch(mstype.float32)) if label.is_floating_point() else label
            outputs = outputs.to(mstype.to_torch(mstype.float32))
        loss = self._loss_fn(outputs, label)
        return loss, outputs, label


class WithGradCell(Cell):
    """nn.WithGradCell(network, loss_fn=None, sens=None): returns the weight gradients."""

    def __init__(self, network: Cell, loss_fn: Cell | None = None, sens: Any = None) -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = list(network.trainable_params())
        self.sens = sens
        self.grad = GradOperation(get_by_list=True, sens_param=sens is not None)
        self.network_with_loss = WithLossCell(network, loss_fn) if loss_fn is not None else network
        self.network_with_loss.set_train()

    def construct(self, *inputs: Any) -> Any:
        if self.sens is None:
            return self.grad(self.network_with_loss, self.weights)(*inputs)
        return self.grad(self.network_with_loss, self.weights)(*inputs, self.sens)


def _grad_reducer_for(weights: Any) -> Any:
    """MindSpore's rule: DATA_PARALLEL / HYBRID_PARALLEL insert a DistributedGradReducer(weights,
    gradients_mean, device_num) over the world group; semi-auto/auto modes are not supported."""
    from mindshim.parallel._utils import (
        _check_training_mode, _get_device_num, _get_gradients_mean, _get_parallel_mode,
    )
    _check_training_mode("nn.TrainOneStepCell")
    mode = _get_parallel_mode()
    if mode in (context.ParallelMode.DATA_PARALLEL, context.ParallelMode.HYBRID_PARALLEL):
        from mindshim.communication.management import GlobalComm
        from mindshim.nn.wrap.grad_reducer import DistributedGradReducer
        return True, DistributedGradReducer(weights, _get_gradients_mean(), _get_device_num(),
                                            group=GlobalComm.WORLD_COMM_GROUP)
    return False, identity


class TrainOneStepCell(Cell):
    """nn.TrainOneStepCell(network, optimizer, sens=None, return_grad=False)."""

    def __init__(self, network: Cell, optimizer: Cell, sens: Any = None, return_grad: bool = False) -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = self.optimizer.parameters
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = GradOperation(get_by_list=True)
        if sens is not None and not isinstance(sens, (int, float)):
            raise TypeError(f"For 'TrainOneStepCell', 'sens' must be a number, but got {type(sens).__name__}.")
        if sens == 0:
            raise ValueError("For 'TrainOneStepCell', 'sens' cannot be 0.")
        self.sens = sens
        self.return_grad = return_grad
        self.reducer_flag, self.grad_reducer = _grad_reducer_for(self.weights)

    def set_sens(self, value: Any) -> None:
        self.sens = value

    def construct(self, *inputs: Any) -> Any:
        loss = self.network(*inputs)
        if not self.sens:
            grads = self.grad_no_sens(self.network, self.weights)(*inputs)
        else:
            import torch
            sens = torch.full_like(loss, self.sens)
            grads = self.grad(self.network, self.weights)(*inputs, sens)
        grads = self.grad_reducer(grads)
        loss = depend(loss, self.optimizer(grads))
        if self.return_grad:
            return loss, grads
        return loss


class _VirtualDatasetCell(Cell):
    """Marks a network's inputs as data-parallel for MindSpore's (semi-)auto-parallel compiler; mindshim runs
    data parallel only, so it calls the backbone as it is."""

    def __init__(self, backbone: Cell) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *inputs: Any) -> Any:
        return self._backbone(*inputs)


__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "TrainOneStepCell"]
