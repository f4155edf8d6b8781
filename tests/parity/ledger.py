"""Known, accepted differences from real MindSpore 2.10.

Each entry `"module::case": "reason"` runs as `xfail(strict=True)`: when mindshim starts matching,
the run fails until the entry is removed, so this list never rots. Keep reasons specific.
"""

EXPECTED_FAILURES: dict[str, str] = {
    "common_tensor::format_spec_raises":
        "deliberate superset: mindshim formats 0-d tensors with a spec (f'{loss:.4f}', as torch does); "
        "MindSpore 2.10 raises TypeError",
    "common_tensor::prod_axis_keyword_raises":
        "deliberate superset: mindshim keeps the r1.x/numpy keywords prod(axis=, keep_dims=); MindSpore 2.10 "
        "only accepts prod(dim, keepdim) and raises TypeError",
    "common_tensor::invert_int":
        "MindSpore 2.10 maps ~ on integer tensors to logical_not (Bool result); mindshim keeps bitwise not",
    "nn_optim::momentum_nesterov":
        "MindSpore 2.10's CPU ApplyMomentum kernel ignores use_nesterov (its result equals plain momentum); "
        "mindshim applies the Nesterov update MindSpore documents: param -= lr * (grad + momentum * moment)",
}
