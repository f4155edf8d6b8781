"""GPU diagnosis of the sink's step-graph capture (`mindshim/_backend/step_graph.py`): with MINDSHIM_STEP_GRAPH=on
and the capture settings of the environment (MINDSHIM_STEP_GRAPH_CAPTURE / _STREAM / _WARM), a sink over in-memory
batches and a Model.train dataset sink, each compared with PYNATIVE; prints one JSON line (replays, max weight
difference, mindshim warnings).  usage: MINDSHIM_STEP_GRAPH_DEBUG=1 python3 bench/step_graph_diag.py LABEL

`python3 bench/step_graph_diag.py torch-eager|torch-compiled` tells whether the failure is torch's or mindshim's:
a hand-written torch MLP train step (torch.autograd.grad and a foreach Momentum update, as mindshim's compiled step
has them) captured with torch.cuda.graph after 3 warm runs on a side stream, eagerly or through
torch.compile(fullgraph=True) with dynamo's trace_autograd_ops (mindshim's setting). One process per variant: a
failed capture can leave the CUDA context unusable."""
import json
import os
import sys
import warnings

import numpy as np

os.environ.setdefault("MINDSHIM_STEP_GRAPH", "on")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import mindshim as ms  # noqa: E402
from mindshim import Tensor, nn  # noqa: E402
from mindshim import dataset as ds  # noqa: E402
from mindshim._backend import engine, sink  # noqa: E402


class Mlp(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1, self.relu, self.fc2 = nn.Dense(32, 64), nn.ReLU(), nn.Dense(64, 10)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def train(mode, sunk, use_model):
    ms.set_context(mode=mode, device_target="GPU")
    rng = np.random.RandomState(0)
    net = Mlp()
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.2).astype(np.float32)))
    x, y = rng.randn(96, 32).astype(np.float32), rng.randint(0, 10, 96).astype(np.int32)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    if use_model:
        data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(16)
        ms.Model(net, loss, opt).train(3, data, dataset_sink_mode=sunk)
    else:
        cell = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
        cell.set_train()
        batches = [(Tensor(x[i:i + 16]), Tensor(y[i:i + 16])) for i in range(0, 96, 16)]
        for _ in range(3):
            sink.run_sink(cell, batches, graph_mode=True) if sunk else [cell(*b) for b in batches]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return net.fc1.weight.asnumpy()


def torch_capture(compiled: bool) -> dict:
    import contextlib

    import torch
    import torch.nn.functional as F

    stage = "setup"
    try:
        torch.manual_seed(0)
        net = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10)).cuda()
        params = list(net.parameters())
        moments = [torch.zeros_like(p) for p in params]

        def step(x, y):
            loss = F.cross_entropy(net(x), y)
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                torch._foreach_mul_(moments, 0.9)
                torch._foreach_add_(moments, grads)
                torch._foreach_add_(params, moments, alpha=-0.05)
            return loss.detach()

        fn = torch.compile(step, fullgraph=True) if compiled else step
        traced = hasattr(torch._dynamo.config, "trace_autograd_ops")
        scope = torch._dynamo.config.patch(trace_autograd_ops=True) if compiled and traced else contextlib.nullcontext()
        x, y = torch.randn(16, 32, device="cuda"), torch.randint(0, 10, (16,), device="cuda")
        with scope:
            stage = "warm"
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                for _ in range(3):
                    fn(x, y)
            torch.cuda.current_stream().wait_stream(side)
            stage = "capture"
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph):
                out = fn(x, y)
            stage = "replay"
            before = params[0].detach().clone()
            graph.replay()
            torch.cuda.synchronize()
        return {"ok": True, "loss": float(out), "weights_moved": bool((params[0] != before).any())}
    except Exception as err:  # noqa: BLE001
        import traceback
        where = [line for line in traceback.format_exc().splitlines() if "torchinductor" in line or "File" in line][-4:]
        return {"ok": False, "stage": stage, "error": f"{type(err).__name__}: {str(err)[:300]}", "where": where}


if sys.argv[1] in ("torch-eager", "torch-compiled"):
    print(json.dumps({"variant": sys.argv[1], **torch_capture(sys.argv[1] == "torch-compiled")}), flush=True)
    sys.exit(0)

result = {"variant": sys.argv[1]}
for name, use_model in (("list", False), ("model", True)):
    before = engine.stats()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            got = train(ms.GRAPH_MODE, True, use_model)
            diff = float(np.abs(got - train(ms.PYNATIVE_MODE, False, use_model)).max())
        except Exception as err:  # noqa: BLE001
            diff = f"{type(err).__name__}: {str(err)[:200]}"
    after = engine.stats()
    result[name] = {"replays": after["step_graph_replays"] - before["step_graph_replays"], "diff": diff,
                    **{k: after[k] - before[k] for k in ("compiles", "retries", "graphs", "cudagraph_skips")},
                    "warn": [str(c.message)[-160:] for c in caught if "mindshim" in str(c.message)][:2]}
print(json.dumps(result), flush=True)
