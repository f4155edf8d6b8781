"""Parity cases for extra nn primitives and functions: dropouts, CTC, margin losses, activations,
transposed/depthwise convolutions, lookups, top-k, n-grams, uniques and the LSTM primitive.

Dropout cases compare shapes, dtypes and properties only (random masks). Names MindSpore 2.10's CPU
backend cannot run (LogSoftmaxExt, mse_loss_ext, MultilabelMarginLoss, TripletMarginLoss,
DepthwiseConv2dNative, ConfusionMatrix) record MindSpore's RuntimeError and are ledger entries: mindshim
computes the documented formula. The `*_matches_*` cases check them another way: they call the primitive
and fall back to a reference where it cannot run (a CPU-runnable MindSpore op with the same semantics, or
the documented formula in numpy), so the golden is the reference's and mindshim's primitive must equal it.
DynamicRNN and DynamicGRUV2 (Ascend only) are checked this way against MindSpore's CPU LSTM / nn.GRU,
using the weight layout MindSpore's own Ascend nn.LSTM / nn.GRU pass to them.
"""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops
from parity_ops_common import error_name as _err  # registered by the parity loader

TOLERANCES = {
    "conv_transposes": {"rtol": 1e-4, "atol": 1e-5, "why": "convolution summation order"},
    "depthwise_conv": {"rtol": 1e-4, "atol": 1e-5, "why": "convolution summation order"},
    "ctc_losses": {"rtol": 1e-4, "atol": 1e-5, "why": "log-sum-exp accumulation order"},
    "lstm_primitive": {"rtol": 1e-4, "atol": 1e-5, "why": "matmul summation order"},
    "dynamic_rnn_matches_lstm": {"rtol": 2e-3, "atol": 2e-3, "why": "DynamicRNN returns float16 outputs"},
    "dynamic_gru_v2_matches_gru": {"rtol": 2e-3, "atol": 2e-3, "why": "DynamicGRUV2 returns float16 outputs"},
}


def _f(shape, seed=0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(dtype))


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_dropout_nd():
    out = {}
    for name, shape in (("Dropout2D", (4, 8, 3, 3)), ("Dropout3D", (2, 8, 2, 3, 2))):
        x = ops.ones(shape, ms.float32) * 2
        y, mask = getattr(ops, name)(keep_prob=0.75)(x)
        yv, mv = y.asnumpy().reshape(shape[0] * 8, -1), mask.asnumpy().reshape(shape[0] * 8, -1)
        out[name] = {"y": [str(y.dtype), list(y.shape)], "mask": [str(mask.dtype), list(mask.shape)],
                     "channelwise": bool((mv.all(1) | ~mv.any(1)).all()),
                     "scaled": bool(np.allclose(yv[mv], 2 / 0.75) and (yv[~mv] == 0).all())}
        y1, m1 = getattr(ops, name)(keep_prob=1.0)(x)
        out[name]["keep_all"] = bool(m1.asnumpy().all() and np.allclose(y1.asnumpy(), 2))
    return out


def case_dropout2d_bad_rank():
    return _err(lambda: ops.Dropout2D()(ops.ones((2, 3, 4), ms.float32)))


def case_dropout3d_bad_keep_prob():
    return _err(lambda: ops.Dropout3D(keep_prob=1.5))


def _ctc_inputs():
    logits = _f((5, 2, 4), 1)
    return logits, Tensor(np.array([[1, 2, 2], [3, 1, 0]]), ms.int64)


def case_ctc_losses():
    logits, targets = _ctc_inputs()
    lp = ops.log_softmax(logits, 2)
    in_len, tg_len = Tensor([5, 4], ms.int64), Tensor([3, 2], ms.int64)
    idx = Tensor(np.array([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]]), ms.int64)
    vals = Tensor(np.array([0, 1, 1, 2, 0]), ms.int32)
    seq = Tensor([5, 5], ms.int32)  # MindSpore's CPU CTCLoss leaves gradient rows past a shorter length unwritten
    return {
        "v2_none": _d(ops.CTCLossV2(blank=0)(lp, targets, in_len, tg_len)),
        "v2_b3": _d(ops.CTCLossV2(blank=3)(lp, targets - 1 + (targets == 0).astype(ms.int64), in_len, tg_len)),
        "fn_mean": _d(ops.ctc_loss(lp, targets, in_len, tg_len)),
        "fn_none_i32": _d(ops.ctc_loss(lp, targets.astype(ms.int32), in_len.astype(ms.int32),
                                       tg_len.astype(ms.int32), reduction="none")),
        "fn_grad": ops.grad(lambda t: ops.ctc_loss(t, targets, in_len, tg_len)[0])(lp).asnumpy(),
        "v1": _d(ops.CTCLoss()(logits, idx, vals, seq)),
        "v1_collapse": _d(ops.CTCLoss(preprocess_collapse_repeated=True)(logits, idx, vals, seq)),
        "v1_f64": _d(ops.CTCLoss()(logits.astype(ms.float64), idx, vals, seq)),
    }


def case_ctc_loss_v2_mean_unsupported():
    logits, targets = _ctc_inputs()
    return _err(lambda: ops.CTCLossV2(reduction="mean")(logits, targets, Tensor([5, 4]), Tensor([3, 2])))


def case_ctc_loss_bad_reduction():
    logits, targets = _ctc_inputs()
    return _err(lambda: ops.ctc_loss(logits, targets, Tensor([5, 4]), Tensor([3, 2]), reduction="max"))


def case_ctc_greedy_decoder():
    x = _f((6, 3, 4), 2)
    seq = Tensor([6, 4, 5], ms.int32)
    return {"prim": _d(ops.CTCGreedyDecoder()(x, seq)),
            "no_merge": _d(ops.CTCGreedyDecoder(merge_repeated=False)(x, seq)),
            "fn": _d(ops.ctc_greedy_decoder(x.astype(ms.float64), seq)),
            "repeats": _d(ops.ctc_greedy_decoder(Tensor(np.eye(4, dtype=np.float32)[[0, 0, 3, 1, 1, 2]][:, None]),
                                                 Tensor([6], ms.int32)))}


def case_ctc_greedy_decoder_bad_length():
    return _err(lambda: ops.ctc_greedy_decoder(_f((3, 1, 4)), Tensor([4], ms.int32)))


def case_margin_losses():
    x, t = _f((3, 5), 3), Tensor([1, 4, 0], ms.int64)
    w = Tensor([1.0, 0.5, 2.0, 1.0, 0.3])
    return {"mm": _d(ops.MultiMarginLoss()(x, t, None)),
            "mm_p2_sum": _d(ops.MultiMarginLoss(p=2, margin=0.5, reduction="sum")(x, t, w)),
            "mm_none": _d(ops.MultiMarginLoss(reduction="none")(x.astype(ms.float64), t, w.astype(ms.float64))),
            "mm_grad": ops.grad(lambda v: ops.MultiMarginLoss()(v, t, w))(x).asnumpy()}


def case_multi_margin_bad_p():
    return _err(lambda: ops.MultiMarginLoss(p=3))


def case_multilabel_margin_primitive():
    x, t = _f((2, 4), 4), Tensor(np.array([[3, 0, -1, 1], [1, 2, 3, -1]]), ms.int32)
    return _d(ops.MultilabelMarginLoss(reduction="none")(x, t))


def case_multilabel_margin_matches_nn():
    x, t = _f((2, 4), 4), Tensor(np.array([[3, 0, -1, 1], [1, 2, 3, -1]]), ms.int32)
    ref = {}
    xv, tv = x.asnumpy(), t.asnumpy()
    for i in range(2):  # the documented formula, computed here in numpy
        tgt = [int(v) for v in tv[i][:list(tv[i]).index(-1) if -1 in tv[i] else 4]]
        ref[i] = sum(max(0.0, 1 - (xv[i, j] - xv[i, k])) for j in tgt for k in range(4) if k not in tgt) / 4
    try:
        out = ops.MultilabelMarginLoss(reduction="none")(x, t)[0].asnumpy()
    except RuntimeError:  # MindSpore's CPU backend has no kernel: the golden is the formula's
        out = np.array([ref[0], ref[1]], np.float32)
    return bool(np.allclose(out, [ref[0], ref[1]], atol=1e-5))


def case_triplet_margin_primitive():
    a, p, n = _f((3, 4), 5), _f((3, 4), 6), _f((3, 4), 7)
    return _d(ops.TripletMarginLoss(reduction="none")(a, p, n, Tensor(1.0, ms.float32)))


def case_triplet_margin_matches_formula():
    a, p, n = _f((3, 4), 5), _f((3, 4), 6), _f((3, 4), 7)
    av, pv, nv = a.asnumpy(), p.asnumpy(), n.asnumpy()
    dist = lambda u, v: np.abs(u - v + 1e-6).sum(1)  # noqa: E731  (p=1, eps=1e-6)
    d_neg = np.minimum(dist(av, nv), dist(pv, nv))  # swap=True
    ref = np.maximum(dist(av, pv) - d_neg + 0.5, 0).sum()
    try:
        out = ops.TripletMarginLoss(p=1, swap=True, reduction="sum")(a, p, n, Tensor(0.5, ms.float32)).asnumpy()
    except RuntimeError:  # MindSpore's CPU backend has no kernel: the golden is the formula's
        out = ref
    return bool(np.allclose(out, ref, rtol=1e-5))


def case_activations():
    x = _f((2, 6), 8)
    return {"GLU": _d(ops.GLU()(x)), "GLU_axis0": _d(ops.GLU(axis=0)(x)), "Gelu": _d(ops.Gelu()(x)),
            "FastGelu": _d(ops.FastGelu()(x)), "rrelu_pos": _d(ops.rrelu(ops.abs(x))),
            "soft_shrink": _d(ops.soft_shrink(x)), "soft_shrink_l": _d(ops.soft_shrink(x, 0.8)),
            "f16": [_d(ops.Gelu()(x.astype(ms.float16))), _d(ops.FastGelu()(x.astype(ms.float16)))],
            "GLU_grad": ops.grad(lambda v: ops.GLU()(v).sum())(x).asnumpy(),
            "FastGelu_grad": ops.grad(lambda v: ops.FastGelu()(v).sum())(x).asnumpy()}


def case_rrelu_properties():
    x = -ops.abs(_f((200, 50), 9)) - 0.1
    y = ops.rrelu(x, 0.2, 0.4)
    ratio = (y / x).asnumpy()
    return {"dtype": str(y.dtype), "shape": list(y.shape),
            "in_range": bool((ratio >= 0.2).all() and (ratio <= 0.4).all()),
            "mean_ok": bool(abs(ratio.mean() - 0.3) < 0.01)}


def case_rrelu_bad_bounds():
    return _err(lambda: ops.rrelu(_f((2, 2)), 0.5, 0.1))


def case_soft_shrink_negative_lambd():
    return _err(lambda: ops.soft_shrink(_f((2, 2)), -1.0))


def case_log_softmax_ext():
    return _d(ops.LogSoftmaxExt()(_f((2, 3), 10), 1, None))


def case_log_softmax_ext_matches():
    x = _f((2, 3), 10)
    ref = ops.log_softmax(x, 0).asnumpy()
    try:
        out = ops.LogSoftmaxExt()(x, 0, None).asnumpy()
    except RuntimeError:  # no CPU kernel: the golden is ops.log_softmax's
        out = ref
    return bool(np.allclose(out, ref, rtol=1e-5))


def case_mse_loss_ext():
    return _d(ops.mse_loss_ext(_f((2, 3), 11), _f((2, 3), 12), "sum"))


def case_mse_loss_ext_matches():
    a, b = _f((2, 3), 11), _f((1, 3), 12)
    out = {}
    for red in ("mean", "sum", "none"):
        ref = ops.mse_loss(a, b, red)
        try:
            got = ops.mse_loss_ext(a, b, red).asnumpy()
        except RuntimeError:  # no CPU kernel: the golden is ops.mse_loss's
            got = ref.asnumpy()
        out[red] = bool(np.allclose(got, ref.asnumpy(), rtol=1e-5))
    return out


def case_conv_transposes():
    dout, w = _f((1, 2, 3, 3, 3), 13), _f((2, 3, 2, 2, 2), 14)
    x2, w2 = _f((1, 3, 3, 3), 15), _f((3, 2, 2, 2), 16)
    return {
        "c3t": _d(ops.Conv3DTranspose(2, 3, 2)(dout, w)),
        "c3t_stride_pad": _d(ops.Conv3DTranspose(2, 3, 2, pad_mode="pad", pad=1, stride=2, output_padding=1)(dout, w)),
        "c3t_same": _d(ops.Conv3DTranspose(2, 3, 2, pad_mode="same", stride=2)(dout, w)),
        "fn": _d(ops.conv3d_transpose(dout, w, stride=(1, 2, 1))),
        "fn_pad": _d(ops.conv3d_transpose(dout, w, pad_mode="pad", padding=(1, 0, 1, 1, 0, 0), dilation=(1, 2, 1))),
        "bp_input": _d(ops.Conv2DBackpropInput(3, 2)(x2, w2, (1, 2, 4, 4))),
        "bp_input_stride": _d(ops.Conv2DBackpropInput(3, 2, pad_mode="pad", pad=1, stride=2)(x2, w2, (1, 2, 5, 5))),
        "bp_input_same": _d(ops.Conv2DBackpropInput(3, (2, 2), pad_mode="same", stride=2)(x2, w2, (1, 2, 6, 6))),
        "grad": ops.grad(lambda v: ops.Conv3DTranspose(2, 3, 2)(v, w).sum())(dout).asnumpy(),
    }


def case_conv3d_transpose_bad_pad():
    return _err(lambda: ops.Conv3DTranspose(2, 3, 2, pad_mode="valid", pad=1))


def case_depthwise_conv_matches_conv2d():
    x, w = _f((1, 3, 5, 5), 17), _f((1, 3, 2, 2), 18)
    ref = ops.conv2d(ops.pad(x, (0, 1, 1, 0)), w.reshape(3, 1, 2, 2), dilation=2, groups=3).asnumpy()
    try:
        out = ops.DepthwiseConv2dNative(1, (2, 2), pad_mode="pad", pad=(1, 0, 0, 1), dilation=2)(x, w).asnumpy()
    except RuntimeError:  # no CPU kernel: the golden is the grouped conv2d's
        out = ref
    return {"shape": list(out.shape), "close": bool(np.allclose(out, ref, rtol=1e-4, atol=1e-5))}


def case_depthwise_conv():
    x, w = _f((1, 3, 5, 5), 17), _f((1, 3, 2, 2), 18)
    return {"valid": _d(ops.DepthwiseConv2dNative(1, 2)(x, w)),
            "same": _d(ops.DepthwiseConv2dNative(1, 2, pad_mode="same", stride=2)(x, w)),
            "pad": _d(ops.DepthwiseConv2dNative(1, (2, 2), pad_mode="pad", pad=(1, 0, 0, 1), dilation=2)(x, w))}


def case_depthwise_conv_bad_weight():
    return _err(lambda: ops.DepthwiseConv2dNative(2, 2)(_f((1, 3, 5, 5)), _f((2, 3, 2, 2))))


def case_channel_shuffle_and_lookup():
    x = Tensor(np.arange(24).reshape(1, 6, 2, 2), ms.int32)
    params = Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))
    return {"shuffle": _d(ops.ChannelShuffle(3)(x)), "shuffle_u8": _d(ops.ChannelShuffle(2)(x.astype(ms.uint8))),
            "lookup": _d(ops.EmbeddingLookup()(params, Tensor([[5, 2], [8, 4]], ms.int32), 4)),
            "lookup_1d": _d(ops.EmbeddingLookup()(Tensor([1.0, 2.0, 3.0]), Tensor([0, 2, 7], ms.int64), 0))}


def case_channel_shuffle_bad_group():
    return _err(lambda: ops.ChannelShuffle(4)(ops.ones((1, 6, 2, 2), ms.float32)))


def case_confusion_matrix_matches_formula():
    lab, pred, w = np.array([0, 1, 1, 3]), np.array([0, 2, 1, 3]), np.array([0.5, 1.0, 2.0, 1.0], np.float32)
    ref = np.zeros((4, 4), np.float32)
    np.add.at(ref, (lab, pred), w)
    try:
        out = ops.ConfusionMatrix(4, "float32")(Tensor(lab, ms.int32), Tensor(pred, ms.int32), Tensor(w)).asnumpy()
    except RuntimeError:  # no CPU kernel: the golden is the documented count
        out = ref
    return bool(np.array_equal(out, ref))


def case_confusion_matrix():
    return _d(ops.ConfusionMatrix(4)(Tensor([0, 1, 1, 3], ms.int32), Tensor([0, 2, 1, 3], ms.int32)))


def case_edit_distance():
    h_idx = Tensor(np.array([[0, 0, 0], [1, 0, 1], [1, 1, 1]]), ms.int64)
    t_idx = Tensor(np.array([[0, 1, 0], [0, 0, 1], [1, 1, 0], [1, 0, 1]]), ms.int64)
    h_val, t_val = Tensor([1, 2, 3], ms.int32), Tensor([1, 3, 2, 1], ms.int32)
    shape = Tensor([2, 2, 2], ms.int64)
    return {"norm": _d(ops.EditDistance()(h_idx, h_val, shape, t_idx, t_val, shape)),
            "raw": _d(ops.EditDistance(normalize=False)(h_idx, h_val.astype(ms.float32), shape, t_idx,
                                                       t_val.astype(ms.float32), shape))}


def case_top_k_and_nth():
    x = _f((3, 6), 19)
    lab = Tensor([1, 3, 5], ms.int32)
    return {"InTopK": _d(ops.InTopK(2)(x, lab)), "intopk": _d(ops.intopk(x, lab, 4)),
            "intopk_f16": _d(ops.intopk(x.astype(ms.float16), lab, 1)),
            "nth": _d(ops.NthElement()(x, 2)), "nth_rev": _d(ops.NthElement(reverse=True)(x, Tensor(0, ms.int32))),
            "nth_int": _d(ops.NthElement()(Tensor(np.array([[5, 1, 4], [2, 9, 0]]), ms.uint8), 1))}


def case_nth_element_out_of_range():
    return _err(lambda: ops.NthElement()(_f((2, 3)), 3))


def case_no_repeat_ngram():
    seq = Tensor(np.array([[[1, 2, 1, 2, 5, 1, 2], [3, 3, 3, 4, 3, 3, 1]]]), ms.int32)
    lp = _f((1, 2, 8), 20)
    return {"n2": _d(ops.NoRepeatNGram(2)(seq, lp)), "n3": _d(ops.NoRepeatNGram(3)(seq, lp)),
            "n1": _d(ops.NoRepeatNGram(1)(seq, lp.astype(ms.float16)))}


def case_unique():
    x = Tensor(np.array([5, 1, 3, 5, 1, 9, 3]), ms.int32)
    return {"unique": _d(ops.Unique()(x)), "unique_f": _d(ops.Unique()(x.astype(ms.float32))),
            "unique_u8": _d(ops.Unique()(x.astype(ms.uint8))), "pad": _d(ops.UniqueWithPad()(x, Tensor(-1, ms.int32))),
            "fn_pad": _d(ops.unique_with_pad(x.astype(ms.int64), Tensor(0, ms.int64)))}


def _lstm_w(seed, ins, hid, layers, dirs, bias):
    n = sum(dirs * 4 * hid * ((ins if l == 0 else hid * dirs) + hid) for l in range(layers))
    n += layers * dirs * 4 * hid if bias else 0
    return Tensor(np.random.RandomState(seed).uniform(-0.5, 0.5, (n, 1, 1)).astype(np.float32))


def case_lstm_primitive():
    ins, hid = 3, 4
    x, h, c = _f((5, 2, ins), 21), _f((2, 2, hid), 22), _f((2, 2, hid), 23)
    bi = ops.LSTM(ins, hid, 1, True, True, 0.0)(x, h, c, _lstm_w(24, ins, hid, 1, 2, True))
    nob = ops.LSTM(ins, hid, 1, False, False, 0.0)(x, h[:1], c[:1], _lstm_w(25, ins, hid, 1, 1, False))
    x4 = _f((5, 2, hid), 26)
    two = ops.LSTM(hid, hid, 2, True, False, 0.0)(x4, h, c, _lstm_w(27, hid, hid, 2, 1, True))
    return {n: [_d(o) for o in r[:3]] for n, r in (("bi", bi), ("nobias", nob), ("two_layers", two))}


def case_lstm_bad_proj():
    return _err(lambda: ops.LSTM(3, 4, 1, True, False, 0.0, proj_size=4))


def _h16(shape, seed, scale=0.5):
    """float16-representable float32 values, so float16 primitives and float32 references see equal inputs."""
    return np.random.RandomState(seed).uniform(-scale, scale, shape).astype(np.float16).astype(np.float32)


def case_dynamic_rnn_matches_lstm():
    """DynamicRNN (no CPU kernel) against MindSpore's CPU LSTM, with the weight layout MindSpore's own Ascend
    nn.LSTM feeds DynamicRNN (gates i, g, f, o; w = [w_ih | w_hh].T; summed biases)."""
    ins, hid = 3, 4
    x, h0, c0 = _h16((5, 2, ins), 30, 1.0), _h16((1, 2, hid), 31), _h16((1, 2, hid), 32)
    w_ih, w_hh, b_ih, b_hh = _h16((4 * hid, ins), 33), _h16((4 * hid, hid), 34), _h16(4 * hid, 35), _h16(4 * hid, 36)
    flat = np.concatenate([w_ih.ravel(), w_hh.ravel(), (b_ih + b_hh)]).reshape(-1, 1, 1)
    ref = ops.LSTM(ins, hid, 1, True, False, 0.0)(Tensor(x), Tensor(h0), Tensor(c0), Tensor(flat))
    ref = [r.asnumpy() for r in ref[:3]]
    igfo = lambda m: np.concatenate([m[0:hid], m[2 * hid:3 * hid], m[hid:2 * hid], m[3 * hid:]])  # noqa: E731
    w = np.concatenate([igfo(w_ih), igfo(w_hh)], 1).T
    f16 = lambda a: Tensor(a, ms.float16)  # noqa: E731
    try:
        y, h, c, *_ = ops.DynamicRNN()(f16(x), f16(w), f16(igfo(b_ih + b_hh)), None, f16(h0), f16(c0))
        got = [y.astype(ms.float32).asnumpy(), h[-1:].astype(ms.float32).asnumpy(), c[-1:].astype(ms.float32).asnumpy()]
    except RuntimeError:  # no CPU kernel: the golden is the LSTM reference
        got = ref
    return {"y": got[0], "h": got[1], "c": got[2]}


def case_dynamic_gru_v2_matches_gru():
    """DynamicGRUV2 (no CPU kernel) against MindSpore's CPU nn.GRU, with the weight layout MindSpore's own
    Ascend nn.GRU feeds DynamicGRUV2 (transposed weights, gate order 'rzh')."""
    ins, hid = 3, 4
    x, h0 = _h16((5, 2, ins), 40, 1.0), _h16((1, 2, hid), 41)
    params = {"weight_ih_l0": _h16((3 * hid, ins), 42), "weight_hh_l0": _h16((3 * hid, hid), 43),
              "bias_ih_l0": _h16(3 * hid, 44), "bias_hh_l0": _h16(3 * hid, 45)}
    gru = nn.GRU(ins, hid)
    for p in gru.get_parameters():
        p.set_data(Tensor(params[p.name]))
    ref_y, ref_h = gru(Tensor(x), Tensor(h0))
    ref = [ref_y.asnumpy(), ref_h.asnumpy()]
    f16 = lambda a: Tensor(a, ms.float16)  # noqa: E731
    try:
        y, h, *_ = ops.DynamicGRUV2()(f16(x), f16(params["weight_ih_l0"].T), f16(params["weight_hh_l0"].T),
                                      f16(params["bias_ih_l0"]), f16(params["bias_hh_l0"]), None, f16(h0[0]))
        got = [y.astype(ms.float32).asnumpy(), h[-1:].astype(ms.float32).asnumpy()]
    except RuntimeError:  # no CPU kernel: the golden is the nn.GRU reference
        got = ref
    return {"y": got[0], "h": got[1]}


def case_dynamic_rnn_bad_direction():
    return _err(lambda: ops.DynamicRNN(direction="BIDIRECTIONAL"))
