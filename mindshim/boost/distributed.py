"""mindspore.boost's multi-device pieces: AdaSum (needs initialised communication and 8-device server groups),
DimReduce (PCA-subspace quasi-Newton step with a line search; single rank here) and GroupLossScaleManager."""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from mindshim import context
from mindshim._errors import unsupported
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell


class AdaSum(Cell):
    """AdaSum(rank, device_number, group_number, parameter_tuple)."""

    def __init__(self, rank: int, device_number: int, group_number: int, parameter_tuple: Any) -> None:
        super().__init__()
        from mindshim.communication.management import create_group
        self.rank = rank
        self.device_number = device_number
        self.group_number = group_number
        self.parameter_tuple = parameter_tuple
        self.calc_times = int(math.log(group_number, 2))
        start = (rank // device_number) * device_number
        # MindSpore creates its groups here; without init() this raises as it does
        create_group(f"broadcast_group_{start}", list(range(start, start + device_number)))
        raise unsupported("mindspore.boost.AdaSum", "send/receive between device groups")


class DimReduce(Cell):
    """DimReduce(network, optimizer, weight, pca_mat_local, n_components, rho, gamma, alpha, sigma, rank,
    rank_size); called as (loss, old_grad, loss_scale, weight, weight_clone, *inputs)."""

    def __init__(self, network: Cell, optimizer: Cell, weight: Any, pca_mat_local: Any, n_components: int,
                 rho: float, gamma: float, alpha: float, sigma: float, rank: int, rank_size: int) -> None:
        super().__init__()
        self.network = network
        self.optimizer = optimizer
        self.rank, self.rank_size = rank, rank_size
        self.gamma, self.alpha, self.sigma = gamma, alpha, sigma
        self.max_search_time = 2
        self.rho_list = [Tensor(np.float32(np.power(rho, i))) for i in range(self.max_search_time)]
        self.rho_list.append(Tensor(np.float32(0)))
        self.n_components = n_components
        local_dim = math.ceil(n_components // rank_size)
        self.start_index, self.end_index = rank * local_dim, (rank + 1) * local_dim
        pca, start, mats = np.asarray(pca_mat_local, np.float32), 0, []
        for param in weight:
            size = int(np.prod(param.shape))
            mats.append(Tensor(pca[:, start:start + size]))
            start += size
        self.pca_list_local = tuple(mats)
        self.dk_pad_flag = rank_size * local_dim != n_components
        self.epsilon = np.power(10.0, -20)
        zeros, eye = np.zeros([n_components, 1], np.float32), np.eye(n_components, dtype=np.float32)
        self.gk_last = Parameter(Tensor(zeros), name="gk_last")
        self.gk_last_init = Parameter(Tensor(np.bool_(False)), name="gk_last_init")
        self.bk = Parameter(Tensor(eye), name="bk")
        self.sk = Parameter(Tensor(zeros), name="sk")
        self.eye = Tensor(eye)
        params = ParameterTuple(weight)
        self.grad_res_momentum = params.clone(prefix="grad_res_momentum", init="zeros")
        self.gk_last_back = Parameter(Tensor(zeros), name="gk_last_back")
        self.bk_back = Parameter(Tensor(eye), name="bk_back")
        self.grad_proj_init = params.clone(prefix="grad_proj_init", init="zeros")
        self.dn_init = params.clone(prefix="dn_init", init="zeros")

    def construct(self, loss: Any, old_grad: Any, loss_scale: Any, weight: Any, weight_clone: Any,
                  *inputs: Any) -> Any:
        if self.rank_size > 1:
            raise unsupported("mindspore.boost.DimReduce", "rank_size > 1 (broadcast of the PCA steps)")
        with torch.no_grad():
            scaled = [g.float() / loss_scale for g in old_grad]
            gk = sum(p @ g.reshape(-1, 1) for p, g in zip(self.pca_list_local, scaled))[:self.n_components]
            self.gk_last_back.copy_(self.gk_last)
            self.bk_back.copy_(self.bk)
            dk = self._quasi_newton_direction(gk)
            dn = [(p.T @ dk).reshape(g.shape) for p, g in zip(self.pca_list_local, old_grad)]
            grad_proj = [(p.T @ gk).reshape(g.shape) for p, g in zip(self.pca_list_local, old_grad)]
        rho, found = self._line_search(gk, dk, dn, loss, weight, weight_clone, *inputs)
        with torch.no_grad():
            if not found:
                self.gk_last.copy_(self.gk_last_back)
                self.bk.copy_(self.bk_back)
            deltas = []
            for momentum, grad, proj, d in zip(self.grad_res_momentum, old_grad, grad_proj, dn):
                momentum.copy_(self.gamma * momentum + grad - proj)
                deltas.append(self.alpha * momentum - rho * d)
        self.optimizer(tuple(deltas))
        with torch.no_grad():
            for clone, param in zip(weight_clone, weight):
                clone.copy_(param)
        return loss

    def _quasi_newton_direction(self, gk: Any) -> Any:
        """BFGS update of bk from the last step (sk) and gradient change (yk); direction -bk @ gk."""
        if bool(self.gk_last_init):
            yk = gk - self.gk_last
            g = float((yk.T @ self.sk).squeeze())
            if g > self.epsilon:
                t1 = self.eye - (yk / g) @ self.sk.T
                self.bk.copy_(t1.T @ self.bk @ t1 + (self.sk / g) @ self.sk.T)
        else:
            self.gk_last_init.fill_(True)
        self.gk_last.copy_(gk)
        return -(self.bk @ gk)

    def _line_search(self, gk: Any, dk: Any, dn: list, old_loss: Any, weight: Any, weight_clone: Any,
                     *inputs: Any) -> tuple[Any, bool]:
        slope = float((gk.T @ dk).squeeze())
        for rho in self.rho_list[:self.max_search_time]:
            self.optimizer(tuple(-rho * d for d in dn))
            with torch.no_grad():
                new_loss = self.network(*inputs)
                found = bool(old_loss + self.sigma * rho * slope > new_loss)
                if found:
                    self.sk.copy_(rho * dk)
                for param, clone in zip(weight, weight_clone):
                    param.copy_(clone)
            if found:
                return rho, True
        return self.rho_list[-1], False


class GroupLossScaleManager(Cell):
    """GroupLossScaleManager(init_loss_scale, loss_scale_groups): one dynamic loss scale per layer group."""

    def __init__(self, init_loss_scale: Any, loss_scale_groups: Any) -> None:
        super().__init__()
        self._loss_scale = init_loss_scale
        self.loss_scale_groups = loss_scale_groups
        self.loss_scale_number = 0
        self.layer_loss_scale = None
        self.dynamic_loss_scale = None

    def set_loss_scale_status(self, loss_scale_number: int, init_loss_scale: Any) -> None:
        self.loss_scale_number = loss_scale_number
        self.layer_loss_scale = tuple(range(loss_scale_number + 1))
        self.dynamic_loss_scale = ParameterTuple(
            Parameter(Tensor(np.float32(1)), name=f"layer_loss_scale_{x}", requires_grad=False)
            for x in range(loss_scale_number + 2))
        values = init_loss_scale if isinstance(init_loss_scale, list) else [init_loss_scale] * loss_scale_number
        for i, value in enumerate(values):
            self.dynamic_loss_scale[i + 1].set_data(Tensor(np.float32(value)))

    def update_loss_scale_status(self, layer: int, update_ratio: Any) -> Any:
        scale = self.dynamic_loss_scale[layer + 1]
        new_scale = scale * update_ratio
        with torch.no_grad():
            scale.copy_(new_scale)
        return new_scale

    def construct(self, x: Any, layer1: int, layer2: int) -> Any:
        if context.get_context("device_target") == "CPU":  # MindSpore's _DynamicLossScale has no CPU kernel
            raise RuntimeError("For '_DynamicLossScale', the output address of the kernel does not exist on CPU.")
        return x * (self.dynamic_loss_scale[layer1] / self.dynamic_loss_scale[layer2])

    def get_loss_scale(self) -> Any:
        return self._loss_scale

    def get_update_cell(self) -> "GroupLossScaleManager":
        return self


__all__ = ["AdaSum", "DimReduce", "GroupLossScaleManager"]
