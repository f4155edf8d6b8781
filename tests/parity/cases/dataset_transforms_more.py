"""Parity: `mindspore.dataset.transforms.not_random` (a separate function from `vision.not_random` in MindSpore)."""
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V

COMPILED_PASS = False


def case_not_random_marks_functions():
    def f(x):
        return x

    def g(x):
        return x

    return {"transforms": T.not_random(f) is f and f.random is False, "vision": V.not_random(g).random,
            "distinct": T.not_random is not V.not_random}
