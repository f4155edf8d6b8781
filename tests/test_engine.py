"""The execution engine: GRAPH_MODE and ms.jit give PYNATIVE's numbers; a region that cannot be
compiled falls back to eager with one warning naming it; the CPU policy keeps eager."""
import warnings
from typing import Callable

import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Tensor, nn
from mindshim._backend import engine


def _train(mode, steps=4):
    ms.set_context(mode=mode)
    net = nn.Dense(4, 3)
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor(rng.randn(*p.shape).astype(np.float32)))
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    step.set_train()
    x, y = Tensor(rng.randn(8, 4).astype(np.float32)), Tensor(rng.randn(8, 3).astype(np.float32))
    losses = [float(step(x, y)) for _ in range(steps)]
    return losses, net.weight.asnumpy()


def test_graph_mode_matches_pynative():
    l1, w1 = _train(ms.PYNATIVE_MODE)
    l2, w2 = _train(ms.GRAPH_MODE)
    np.testing.assert_allclose(l1, l2, rtol=1e-6)
    np.testing.assert_allclose(w1, w2, rtol=1e-6)


def test_cpu_policy_is_eager(monkeypatch):
    monkeypatch.delenv("MINDSHIM_COMPILE", raising=False)
    ms.set_context(device_target="CPU")  # the CPU's policy, also where CUDA is visible
    assert engine.compile_policy() == "auto" and not engine.should_compile()

    @ms.jit
    def f(x):
        return x * 2 + 1

    before = engine.stats()["compiles"]
    assert float(f(Tensor(1.5))) == 4.0
    assert engine.stats()["compiles"] == before  # nothing compiled on CPU under `auto`


def test_uncompilable_region_falls_back_once_with_a_warning(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")

    def body(x):
        print_ = np.asarray(x.asnumpy())  # host round trip: not traceable as one graph
        return x * float(print_.sum())

    jitted = ms.jit(body)
    x = Tensor(np.array([1.0, 2.0], np.float32))
    before = engine.stats()["fallbacks"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = jitted(x)
        second = jitted(x)
    np.testing.assert_allclose(first.asnumpy(), [3.0, 6.0])
    np.testing.assert_allclose(second.asnumpy(), [3.0, 6.0])
    ours = [w for w in caught if "mindshim: could not compile" in str(w.message)]
    assert len(ours) == 1 and engine.stats()["fallbacks"] == before + 1
    assert "body (" in str(ours[0].message) and "test_engine.py" in str(ours[0].message)


# ----- compiled regions (MINDSHIM_COMPILE=always forces torch.compile on CPU) -----

class _Mlp(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(6, 16)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(16, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _fixed_mlp():
    net = _Mlp()
    rng = np.random.RandomState(3)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.5).astype(np.float32)))
    return net


def _batches(sizes, seed=4):
    rng = np.random.RandomState(seed)
    return [(Tensor(rng.randn(n, 6).astype(np.float32)), Tensor(rng.randint(0, 3, (n,)).astype(np.int32)))
            for n in sizes]


def _train_cell(net):
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    step.set_train()
    return step


def _run_train_cell(mode, batches):
    ms.set_context(mode=mode)
    net = _fixed_mlp()
    step = _train_cell(net)
    losses = [float(step(x, y)) for x, y in batches]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return losses, [p.asnumpy() for p in net.trainable_params()]


def test_graph_mode_compiles_the_whole_train_step_and_matches_pynative(monkeypatch):
    """Forward, backward and the Momentum update in one graph; parameters agree with PYNATIVE after
    12 steps to 1e-5 (float32 kernels fused by inductor round differently)."""
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    batches = _batches([8] * 12)
    eager_losses, eager_params = _run_train_cell(ms.PYNATIVE_MODE, batches)
    before = engine.stats()
    graph_losses, graph_params = _run_train_cell(ms.GRAPH_MODE, batches)
    after = engine.stats()
    assert after["compiles"] == before["compiles"] + 1
    assert after["compiled_calls"] == before["compiled_calls"] + 12
    assert after["graphs"] == before["graphs"] + 1  # one graph: no graph break anywhere in the step
    assert after["fallbacks"] == before["fallbacks"]
    np.testing.assert_allclose(graph_losses, eager_losses, rtol=1e-5, atol=1e-6)
    for g, e in zip(graph_params, eager_params):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


def test_ragged_last_batch_adds_one_graph_not_one_per_step(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    before = engine.stats()["graphs"]
    losses, _ = _run_train_cell(ms.GRAPH_MODE, _batches([8, 8, 5] * 4))
    assert engine.stats()["graphs"] - before == 2  # batch 8 and batch 5, each compiled once
    eager, _ = _run_train_cell(ms.PYNATIVE_MODE, _batches([8, 8, 5] * 4))
    np.testing.assert_allclose(losses, eager, rtol=1e-5, atol=1e-6)


class _HostSyncNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(6, 3)

    def construct(self, x):
        scale = float(x.asnumpy().max())  # a host round trip in the middle: not one graph
        return self.fc(x) * scale


def test_uncompilable_construct_falls_back_once_naming_the_line(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = _HostSyncNet()
        x = _batches([4])[0][0]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outs = [net(x) for _ in range(3)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    expected = net(x).asnumpy()
    for out in outs:
        assert isinstance(out, Tensor)
        np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)
    ours = [str(w.message) for w in caught if "mindshim: could not compile" in str(w.message)]
    assert len(ours) == 1, ours
    assert "_HostSyncNet.construct" in ours[0] and "test_engine.py:" in ours[0]


def test_jit_train_step_function_compiles_with_globals(monkeypatch):
    """The MindSpore 2.x tutorial loop: value_and_grad over a forward function, an optimizer, @ms.jit."""
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")

    def run(jitted):
        net = _fixed_mlp()
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Adam(net.trainable_params(), 0.01)

        def forward_fn(data, label):
            return loss_fn(net(data), label)

        grad_fn = ms.value_and_grad(forward_fn, None, opt.parameters)

        def train_step(data, label):
            loss, grads = grad_fn(data, label)
            opt(grads)
            return loss

        step = ms.jit(train_step) if jitted else train_step
        return [float(step(x, y)) for x, y in _batches([8] * 6)], net.fc1.weight.asnumpy()

    before = engine.stats()
    jit_losses, jit_w = run(True)
    after = engine.stats()
    eager_losses, eager_w = run(False)
    assert after["fallbacks"] == before["fallbacks"] and after["graphs"] == before["graphs"] + 1
    np.testing.assert_allclose(jit_losses, eager_losses, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(jit_w, eager_w, rtol=1e-5, atol=1e-6)


def test_compiled_region_leaves_tensor_classes_as_they_were(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = _fixed_mlp()
        step = _train_cell(net)
        x, y = _batches([8])[0]
        loss = step(x, y)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert type(loss) is Tensor and loss.shape == ()
    assert all(type(p) is ms.Parameter for p in step.get_parameters())
    assert type(x) is Tensor and x.dtype == ms.float32


class _VarNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(6, 3)

    def construct(self, x):
        h = self.fc(x)
        return h / (h.var() + 1.0)  # MindSpore: ddof=0; a plain torch tensor would use ddof=1


def test_mindspore_only_semantics_keep_the_region_eager_with_a_warning(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    net = _VarNet()
    x = _batches([4])[0][0]
    expected = net(x).asnumpy()
    h = net.fc(x).asnumpy()
    np.testing.assert_allclose(expected, h / (h.var() + 1.0), rtol=1e-6)  # numpy's var is ddof=0 too
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outs = [net(x) for _ in range(2)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for out in outs:
        np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)
    ours = [str(w.message) for w in caught if "mindshim: could not compile" in str(w.message)]
    assert len(ours) == 1 and "`.var()`" in ours[0] and "ddof=0" in ours[0] and "test_engine.py:" in ours[0]


class _JitConstructNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(6, 3)

    @ms.jit
    def construct(self, x):
        return ms.ops.relu(self.fc(x)) * 2.0


def test_gradients_flow_through_a_compiled_jit_construct(monkeypatch):
    """`@ms.jit` on construct compiles forward and backward; value_and_grad over it equals eager."""
    x = _batches([5])[0][0]

    def grads(compile_env):
        monkeypatch.setenv("MINDSHIM_COMPILE", compile_env)
        net = _JitConstructNet()
        rng = np.random.RandomState(7)
        for p in net.trainable_params():
            p.set_data(Tensor(rng.randn(*p.shape).astype(np.float32)))
        loss, g = ms.value_and_grad(lambda a: net(a).sum(), None, net.trainable_params())(x)
        return float(loss), [t.asnumpy() for t in g]

    before = engine.stats()
    compiled_loss, compiled_grads = grads("always")
    after = engine.stats()
    eager_loss, eager_grads = grads("never")
    assert after["compiled_calls"] == before["compiled_calls"] + 1 and after["fallbacks"] == before["fallbacks"]
    assert compiled_loss == pytest.approx(eager_loss, rel=1e-6)
    for c, e in zip(compiled_grads, eager_grads):
        np.testing.assert_allclose(c, e, rtol=1e-5, atol=1e-6)


def test_many_batch_sizes_compile_at_most_twice(monkeypatch):
    """The first shape gets a static graph; the second makes the batch dimension dynamic, and every
    later size reuses that graph (no recompile per shape)."""
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    sizes = [8, 5, 7, 3, 6, 8, 2]
    before = engine.stats()
    losses, params = _run_train_cell(ms.GRAPH_MODE, _batches(sizes))
    after = engine.stats()
    assert after["graphs"] - before["graphs"] <= 2 and after["fallbacks"] == before["fallbacks"]
    eager_losses, eager_params = _run_train_cell(ms.PYNATIVE_MODE, _batches(sizes))
    np.testing.assert_allclose(losses, eager_losses, rtol=1e-5, atol=1e-6)
    for g, e in zip(params, eager_params):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


def test_compiled_step_with_a_learning_rate_list_and_its_end(monkeypatch):
    """A list learning rate is read on the device inside the graph (no host sync); running past its end
    still raises RuntimeError, as MindSpore's Gather does."""
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")

    def run(mode):
        ms.set_context(mode=mode)
        try:
            net = _fixed_mlp()
            loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
            step = nn.TrainOneStepCell(nn.WithLossCell(net, loss),
                                       nn.SGD(net.trainable_params(), [0.1, 0.05, 0.01], momentum=0.0))
            step.set_train()
            batches = _batches([8] * 4)
            losses = [float(step(x, y)) for x, y in batches[:3]]
            with pytest.raises(RuntimeError, match="fewer entries than training steps"):
                step(*batches[3])
            return losses
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    before = engine.stats()
    compiled = run(ms.GRAPH_MODE)
    after = engine.stats()
    assert after["fallbacks"] == before["fallbacks"] and after["compiled_calls"] - before["compiled_calls"] == 3
    np.testing.assert_allclose(compiled, run(ms.PYNATIVE_MODE), rtol=1e-5, atol=1e-6)


def test_list_learning_rate_end_is_checked_on_the_host_before_the_graph_runs(monkeypatch):
    """On CUDA a device-side assert would poison the process: the bound is checked from the host's count of
    launched steps, before the compiled step is called (the graph never runs past the end)."""
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = _fixed_mlp()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.SGD(net.trainable_params(), [0.1, 0.05], momentum=0.0)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
        step.set_train()
        batches = _batches([8] * 3)
        for x, y in batches[:2]:
            step(x, y)
        launched = engine.stats()["compiled_calls"]
        weights = [p.asnumpy().copy() for p in net.trainable_params()]
        with pytest.raises(RuntimeError, match=r"range \[0, 2\), but got 2: the dynamic learning rate"):
            step(*batches[2])
        assert engine.stats()["compiled_calls"] == launched
        for w, p in zip(weights, net.trainable_params()):
            np.testing.assert_array_equal(w, p.asnumpy())  # nothing half-applied
        assert int(opt.global_step.asnumpy()[0]) == 2
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def _loss_scaled_run(compile_env, monkeypatch):
    """Dynamic loss scale, Adam: step 2 overflows (inf in the input), so its update must be skipped."""
    monkeypatch.setenv("MINDSHIM_COMPILE", compile_env)
    ms.set_context(mode=ms.GRAPH_MODE)
    rng = np.random.RandomState(3)
    net = nn.Dense(4, 3)
    for p in net.trainable_params():
        p.set_data(Tensor(rng.randn(*p.shape).astype(np.float32)))
    opt = nn.Adam(net.trainable_params(), 0.01)
    manager = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 10, scale_factor=2, scale_window=2)
    step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, scale_sense=manager)
    step.set_train()
    y = Tensor(rng.randn(8, 3).astype(np.float32))
    overflows, scales = [], []
    for i in range(5):
        x = rng.randn(8, 4).astype(np.float32)
        if i == 2:
            x[0, 0] = np.inf
        _, overflow, scale = step(Tensor(x), y)
        overflows.append(bool(overflow))
        scales.append(float(scale))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return overflows, scales, [p.asnumpy() for p in opt.get_parameters()] + [opt.moment1[0].asnumpy()]


def test_loss_scaled_step_with_an_overflow_compiles_as_one_graph(monkeypatch):
    eager = _loss_scaled_run("never", monkeypatch)
    before = engine.stats()
    compiled = _loss_scaled_run("always", monkeypatch)
    after = engine.stats()
    assert after["fallbacks"] == before["fallbacks"] and after["compiles"] == before["compiles"] + 1
    assert eager[0] == compiled[0] == [False, False, True, False, False]
    assert eager[1] == compiled[1]
    for a, b in zip(eager[2], compiled[2]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def _failing_torch_pass() -> Callable:
    """A compiler backend that fails like inductor's loop reordering on torch 2.11 (an empty AssertionError in a
    torch file): the code object is given a path inside torch, as a real internal frame has."""
    namespace: dict = {}
    source = "def reorder_loops_by_dep_pair(gm, example_inputs):\n    assert False\n"
    exec(compile(source, "/venv/site-packages/torch/_inductor/scheduler.py", "exec"), namespace)
    return namespace["reorder_loops_by_dep_pair"]


def test_an_internal_compile_failure_is_named_in_one_line_and_retried_with_safer_settings(monkeypatch):
    calls = []

    def compile_region(fn, fullgraph, cuda_graphs, safe):
        calls.append(safe)
        return torch.compile(fn, fullgraph=fullgraph, backend="eager" if safe else _failing_torch_pass())

    monkeypatch.setattr(engine, "compile_region", compile_region)
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    region = engine.Region(lambda x: x * 2 + 1, name="step")
    expected = (r"compiling step \(.*\) failed inside torch \(torch's inductor failed: AssertionError in torch's "
                r"reorder_loops_by_dep_pair \(torch/_inductor/scheduler.py:2\)\); retrying with safer")
    before = engine.stats()
    with pytest.warns(RuntimeWarning, match=expected):
        out = region(torch.ones(3))
    assert calls == [False, True] and out.tolist() == [3.0, 3.0, 3.0]
    after = engine.stats()  # one region compiled, once more after the failure
    assert after["compiles"] - before["compiles"] == 1 and after["retries"] - before["retries"] == 1
    assert region.phase == engine.COMPILED
    assert region(torch.zeros(3)).tolist() == [1.0, 1.0, 1.0] and calls == [False, True]


def test_the_retry_compiles_a_static_graph_per_shape_when_the_dynamic_recompile_fails(monkeypatch):
    """torch 2.11's inductor cannot lower BatchNorm's statistics over a symbolic batch: an epoch's ragged last batch
    made the graph dynamic, the compile failed, and the train step ran eagerly from then on. The retry compiles
    static graphs instead, one per shape."""
    real_compile, failing, dynamic_graphs = torch.compile, _failing_torch_pass(), []

    def static_only(gm, example_inputs):  # a torch pass that fails on symbolic shapes
        values = [n.meta.get("example_value") for n in gm.graph.nodes if n.op == "placeholder"]
        dynamic = any(isinstance(v, torch.SymInt) or (isinstance(v, torch.Tensor) and
                                                      any(isinstance(d, torch.SymInt) for d in v.shape))
                      for v in values)
        dynamic_graphs.append(dynamic)
        return failing(gm, example_inputs) if dynamic else gm.forward

    def compile_with(fn, **kwargs):  # the engine's own arguments (dynamic=...), this backend instead of inductor
        kwargs.pop("options", None), kwargs.pop("mode", None)
        return real_compile(fn, backend=static_only, **kwargs)

    monkeypatch.setattr(torch, "compile", compile_with)
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    region = engine.Region(lambda x: x * 2 + 1, name="step")
    before = engine.stats()
    assert region(torch.ones(16, 3)).shape == (16, 3)
    with pytest.warns(RuntimeWarning, match="retrying with safer"):
        assert region(torch.zeros(6, 3)).tolist() == [[1.0] * 3] * 6
    for rows in (16, 6, 16):
        assert region(torch.ones(rows, 3)).shape == (rows, 3)
    after = engine.stats()
    assert region.phase == engine.COMPILED and after["fallbacks"] == before["fallbacks"]
    assert after["retries"] - before["retries"] == 1 and dynamic_graphs.count(True) == 1


def test_a_compile_failure_after_the_retry_falls_back_with_the_same_one_line_reason(monkeypatch):
    monkeypatch.setattr(engine, "compile_region", lambda fn, fullgraph, cuda_graphs, safe: torch.compile(
        fn, fullgraph=fullgraph, backend=_failing_torch_pass()))
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    region = engine.Region(lambda x: x - 1, name="step")
    with pytest.warns(RuntimeWarning) as caught:
        assert region(torch.ones(2)).tolist() == [0.0, 0.0]
    messages = [str(w.message) for w in caught]
    assert region.phase == engine.FALLBACK and len(messages) == 2
    assert "running it eagerly" in messages[1] and "\n" not in messages[1]
    assert "AssertionError in torch's reorder_loops_by_dep_pair (torch/_inductor/scheduler.py:2)" in messages[1]
