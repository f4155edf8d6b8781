"""Known, accepted differences from real MindSpore 2.10.

Each entry `"module::case": "reason"` runs as `xfail(strict=True)`: when mindshim starts matching,
the run fails until the entry is removed, so this list never rots. Keep reasons specific.
"""

EXPECTED_FAILURES: dict[str, str] = {
    "amp_build::auto_level_function":
        "amp_level 'auto' on a plain function runs under torch autocast, whose CPU float32 list lacks softmax "
        "(MindSpore's auto black list has it): the softmax output is float16 in mindshim, float32 in MindSpore",
    "amp_build::white_list_classes":
        "amp.get_white_list/get_black_list list only layers mindshim has: nn.BatchNorm3d, Conv1dTranspose, "
        "Conv3dTranspose, LSTMCell, RNNCell and GRUCell are not implemented yet",
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
    "nn_optim_groups::adagrad_accum_and_no_update_slots":
        "MindSpore 2.10's CPU ApplyAdagrad kernel ignores update_slots=False (accum still grows by grad^2); "
        "mindshim keeps accum fixed as MindSpore documents for update_slots=False",
    "nn_optim_groups::grad_centralization":
        "MindSpore 2.10's CPU backend has no Centralization kernel and raises RuntimeError; mindshim centralizes "
        "as on GPU/Ascend (grad - mean over axes 1.. for rank >= 2 gradients whose dim 1 is a multiple of 16)",
}
