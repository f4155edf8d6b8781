"""mindspore.scipy.optimize and mindspore.utils beyond the parity cases: linear_sum_assignment against brute force,
BFGS/LBFGS solving a float64 quadratic exactly, dlpack exchange with torch tensors (shared memory both ways),
dryrun.set_simulation's warnings (in a subprocess: it patches Tensor for the whole process) and MsDispatchMode
refusing to pretend it intercepts operators."""
from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

from mindshim import Tensor
from mindshim._errors import UnsupportedError
from mindshim.scipy.optimize import linear_sum_assignment, minimize
from mindshim import utils


@pytest.mark.parametrize("shape,maximize", [((4, 4), False), ((3, 5), True), ((5, 3), False), ((6, 6), True)])
def test_assignment_is_optimal(shape, maximize):
    cost = np.random.RandomState(sum(shape)).randint(0, 4, shape).astype(np.float64)
    rows, cols = (t.asnumpy() for t in linear_sum_assignment(Tensor(cost), maximize))
    small, large = min(shape), max(shape)
    sign = -1 if maximize else 1
    if shape[0] <= shape[1]:
        best = min(sign * sum(cost[i, p[i]] for i in range(small)) for p in itertools.permutations(range(large), small))
    else:
        best = min(sign * sum(cost[p[j], j] for j in range(small)) for p in itertools.permutations(range(large), small))
    assert sign * cost[rows, cols].sum() == best
    assert len(set(rows)) == len(rows) == small and len(set(cols)) == small
    assert list(rows) == sorted(rows)


@pytest.mark.parametrize("method", ["BFGS", "LBFGS"])
def test_quadratic_minimum(method):
    a = Tensor(np.array([[3., 1.], [1., 2.]]))
    b = Tensor(np.array([1., -1.]))
    res = minimize(lambda x: 0.5 * (x * (a @ x)).sum() - (b * x).sum(), Tensor(np.zeros(2)), method=method)
    assert res.success and res.status == 0 and res.nfev == res.njev
    np.testing.assert_allclose(res.x.asnumpy(), np.linalg.solve(a.asnumpy(), b.asnumpy()), atol=1e-6)
    assert (res.hess_inv is None) == (method == "LBFGS")


def test_dlpack_with_torch():
    source = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    t = utils.from_dlpack(torch.utils.dlpack.to_dlpack(source))
    assert isinstance(t, Tensor) and t.shape == (2, 3)
    source[0, 0] = 42.0
    assert t.asnumpy()[0, 0] == 42.0  # shares memory
    back = torch.utils.dlpack.from_dlpack(utils.to_dlpack(t))
    assert type(back) is torch.Tensor and torch.equal(back, source)
    back[1, 2] = -1.0
    assert t.asnumpy()[1, 2] == -1.0
    with pytest.raises(RuntimeError):
        utils.to_dlpack(Tensor(np.array([True])))


def test_dryrun_simulation_warns_once_per_stack():
    script = textwrap.dedent("""
        import os, numpy as np
        from mindshim import Tensor, log
        from mindshim.utils import dryrun
        seen = []
        log.warning = lambda msg, *a, **k: seen.append(str(msg))
        dryrun.set_simulation()
        t = Tensor(np.arange(3, dtype=np.float32))
        for _ in range(2):
            values = t.asnumpy().tolist()
        print(os.environ["MS_SIMULATION_LEVEL"], values, sum("dryrun mode" in s for s in seen), dryrun.mock(7, 1))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["1", "[0.0,", "1.0,", "2.0]", "1", "7"]


def test_dispatch_mode_is_refused():
    class Logger(utils.MsDispatchMode):
        def __ms_dispatch__(self, func, args, kwargs=None):
            return func(*args)

    with pytest.raises(UnsupportedError):
        with Logger():
            pass
