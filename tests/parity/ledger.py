"""Known, accepted differences from real MindSpore 2.10.

Each entry `"module::case": "reason"` runs as `xfail(strict=True)`: when mindshim starts matching,
the run fails until the entry is removed, so this list never rots. Keep reasons specific.
"""

EXPECTED_FAILURES: dict[str, str] = {
    "amp_build::auto_level_function":
        "amp_level 'auto' on a plain function runs under torch autocast, whose CPU float32 list lacks softmax "
        "(MindSpore's auto black list has it): the softmax output is float16 in mindshim, float32 in MindSpore",
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
    "nn_conv_norm_extra::instancenorm2d_forward":
        "MindSpore 2.10's CPU backend has no InstanceNorm kernel and raises RuntimeError; mindshim computes "
        "InstanceNorm1d/2d/3d (instance statistics, moving statistics updated as on GPU)",
    "nn_pool_extra::fractional_maxpool2d_grad":
        "MindSpore 2.10's CPU FractionalMaxPool2d backward fails kernel selection (TypeError: the grad op gets "
        "the float input where it expects its int shape); mindshim returns the max-pool gradient",
    "nn_optim_groups::grad_centralization":
        "MindSpore 2.10's CPU backend has no Centralization kernel and raises RuntimeError; mindshim centralizes "
        "as on GPU/Ascend (grad - mean over axes 1.. for rank >= 2 gradients whose dim 1 is a multiple of 16)",
    "nn_optim_extra::ftrl_l1_l2_lr_power":
        "MindSpore 2.10's CPU ApplyFtrl kernel drops sign(linear) in the l1 shrink: where |linear| > l1 it sets "
        "param = (l1 - linear) / quadratic, so negative-linear entries grow by 2 * l1 / quadratic (checked against "
        "the oracle); mindshim applies the documented (sign(linear) * l1 - linear) / quadratic",
    "nn_optim_extra::lamb_steps":
        "MindSpore 2.10's CPU backend has no Lamb kernel and raises RuntimeError; mindshim applies the GPU "
        "kernel's update (bias-corrected Adam step + wd * param, scaled by ||param|| / ||update||)",
    "nn_optim_extra::lamb_groups":
        "MindSpore 2.10's CPU backend has no Lamb kernel and raises RuntimeError; mindshim applies the GPU "
        "kernel's update with per-group lr and weight decay",
    "nn_optim_extra::lars_momentum_steps":
        "MindSpore 2.10's CPU backend has no LARSUpdate kernel (Ascend only) and raises RuntimeError; mindshim "
        "rescales gradients as the kernel defines, coefficient * ||w|| / (||g|| + wd * ||w|| + eps) * (g + wd * w)",
    "nn_optim_extra::lars_use_clip_adam":
        "MindSpore 2.10's CPU backend has no LARSUpdate kernel (Ascend only) and raises RuntimeError; mindshim "
        "rescales gradients as the kernel defines, with use_clip: clip(coeff / lr, 0, 1)",
    "ops_math_extra::xlogy_zero_zero":
        "MindSpore 2.10's CPU Xlogy kernel returns NaN for input 0 with other 0 (0 * log 0); mindshim returns 0 "
        "as MindSpore documents ('returns zero when input is zero')",
    "ops_math_extra::cumprod_grad_with_zero":
        "MindSpore 2.10's CumProd gradient divides by the input, so a zero input gives NaN; mindshim (torch) "
        "gives the exact gradient (product of the other factors)",
    "ops_array_extra::roll":
        "MindSpore 2.10's CPU backend has no Roll kernel and raises RuntimeError; mindshim rolls as documented",
    "ops_array_extra::einsum":
        "MindSpore 2.10's ops.einsum raises RuntimeError on CPU (GPU only); mindshim computes it with torch.einsum",
    "ops_array_extra::bucketize":
        "MindSpore 2.10's CPU bucketize (SearchSorted kernel) raises RuntimeError for every input; mindshim returns "
        "the documented Int32 bucket indices",
    "ops_nn_extra::selu_grad":
        "MindSpore 2.10's CPU SeLU gradient is wrong for negative inputs (-0.117 at x=-1 instead of "
        "scale * alpha * exp(-1) = 0.6468); mindshim gives the exact derivative",
    "ops_nn_extra::triplet_margin_loss":
        "MindSpore 2.10's CPU triplet_margin_loss raises RuntimeError (no kernel); mindshim computes the documented loss",
    "ops_nn_extra::soft_margin_loss":
        "MindSpore 2.10's CPU backend has no SoftMarginLoss kernel and raises RuntimeError; mindshim computes the loss",
    "ops_nn_extra::conv_transpose2d":
        "MindSpore 2.10's CPU backend has no ConvTranspose2D kernel and raises RuntimeError; mindshim computes it",
    "ops_nn_extra::layer_norm":
        "MindSpore 2.10's CPU backend cannot build the LayerNormExt kernel behind ops.layer_norm (RuntimeError); "
        "mindshim normalizes as documented",
    "ops_nn_extra::embedding":
        "MindSpore 2.10's CPU backend has no Embedding kernel and raises RuntimeError; mindshim looks rows up",
    "nn_activations_extra::selu_grad":
        "MindSpore 2.10's CPU SeLU gradient is wrong for negative inputs (scale * (selu(x) + 1) instead of "
        "scale * alpha * exp(x)); mindshim gives the exact derivative (positive inputs: selu_grad_positive_inputs)",
    "nn_shape_layers::roll_values":
        "MindSpore 2.10's CPU backend has no Roll kernel (nn.Roll raises RuntimeError when called); mindshim rolls "
        "with torch.roll",
    "ops_primitives_extra::roll_primitive":
        "MindSpore 2.10's CPU backend has no Roll kernel and raises RuntimeError; mindshim's P.Roll rolls as documented",
    "ops_primitives_extra::einsum_primitive":
        "MindSpore 2.10's P.Einsum raises RuntimeError on CPU (GPU only); mindshim computes it with torch.einsum",
    "nn_losses_extra::soft_margin_default":
        "MindSpore 2.10's CPU backend has no SoftMarginLoss kernel (RuntimeError when called); mindshim computes "
        "mean(log(1 + exp(-y * x))) as documented (values checked in tests/nn/test_losses_extra.py)",
    "nn_losses_extra::multilabel_margin_default":
        "MindSpore 2.10's CPU backend has no MultilabelMarginLoss kernel (RuntimeError); mindshim computes the "
        "documented formula (values checked in tests/nn/test_losses_extra.py)",
    "nn_losses_extra::triplet_margin_default":
        "MindSpore 2.10's CPU backend has no TripletMarginLoss kernel (RuntimeError, GPU only); mindshim computes "
        "max(d(x, pos) - d(x, neg) + margin, 0) with d = ||a - b + eps||_p (checked in tests/nn/test_losses_extra.py)",
    "nn_losses_extra::ctc_zero_infinity":
        "MindSpore 2.10's CPU CTCLossV2 ignores zero_infinity=True in the forward result (an infeasible sample "
        "still returns inf, only its gradient is zeroed); mindshim returns 0 as documented",
    "ops_primitives_extra::strided_slice_leading_masks":
        "MindSpore 2.10's CPU StridedSlice kernel mis-applies begin/end with a leading ellipsis_mask or new_axis_mask "
        "bit (output shape follows TF semantics but the data is sliced from the wrong axes/offsets); mindshim slices "
        "with the documented TF semantics (x[..., 1:3] and x[None, 0:4, 1:3])",
    "ops_apply::momentum_nesterov":
        "MindSpore 2.10's CPU ApplyMomentum kernel ignores use_nesterov (the result equals plain momentum); mindshim "
        "applies the documented Nesterov update var -= lr * (grad + momentum * accum), as MindSpore's GPU kernel does",
    "ops_apply::adagrad_da_l1":
        "MindSpore 2.10's CPU ApplyAdagradDA kernel mishandles the l1 shrink of a negative grad_accum (it uses "
        "grad_accum - l1 * global_step instead of -(|grad_accum| - l1 * global_step)); mindshim applies the "
        "documented sign(grad_accum) * max(|grad_accum| - l1 * global_step, 0)",
    "ops_apply::ftrl_l1":
        "MindSpore 2.10's CPU ApplyFtrl kernel drops sign(linear) in the l1 shrink (negative-linear entries move by "
        "2 * l1 / quadratic); mindshim applies the documented (sign(linear) * l1 - linear) / quadratic",
    "ops_apply::keras_momentum":
        "MindSpore 2.10's CPU backend has no ApplyKerasMomentum kernel (Ascend only) and raises RuntimeError; "
        "mindshim applies the documented update accum = accum * momentum - grad * lr, var += accum (Nesterov: "
        "var += accum * momentum - grad * lr)",
    "ops_apply::lars_update":
        "MindSpore 2.10's CPU backend has no LARSUpdate kernel (Ascend only) and raises RuntimeError; mindshim "
        "rescales the gradient as the kernel defines (and nn.LARS does): coeff * (g + wd * w) with coeff = "
        "hyperpara * ||w|| / (||g|| + wd * ||w|| + eps), clipped to [0, 1] after dividing by lr with use_clip",
    "ops_apply::fused_weight_scale_momentum":
        "MindSpore 2.10's CPU backend has no FusedWeightScaleApplyMomentum kernel (GPU only) and raises RuntimeError; "
        "mindshim applies the GPU kernel's update: grad' = (var * weight_decay + grad) * scale, then momentum",
    "ops_apply::float_status":
        "MindSpore 2.10's CPU backend has no FloatStatus kernel (GPU only) and raises RuntimeError; mindshim returns "
        "the documented overflow flag (float32 of shape (1,), 1.0 when the input holds inf/NaN)",
    "ops_apply::npu_float_status":
        "MindSpore 2.10's CPU backend has no NPUAlloc/Clear/GetFloatStatus kernels (Ascend only) and raises "
        "RuntimeError; mindshim records inf/NaN results between NPUClearFloatStatus and NPUGetFloatStatus, so the "
        "model-zoo loss-scale pattern sees a status sum of 0 without overflow and > 0 with it",
    "ops_scatter::scatter_non_aliasing_add":
        "MindSpore 2.10 has no CPU kernel for the deprecated ScatterNonAliasingAdd (kernel select fails); mindshim "
        "updates the Parameter in place like ScatterNdAdd, as documented",
    "ops_scatter::tensor_scatter_elements_out_of_range":
        "MindSpore 2.10's CPU TensorScatterElements kernel logs an out-of-range index and returns the input "
        "unchanged without raising; mindshim checks indices on the host and raises RuntimeError",
    "ops_segment::clamp_":
        "MindSpore 2.10 has no CPU kernel for InplaceClampScalar (ops.clamp_ is Ascend-only); mindshim implements the "
        "documented in-place behaviour",
    "ops_segment::erfinv_":
        "MindSpore 2.10 has no CPU kernel for InplaceErfinv (ops.erfinv_ is Ascend-only); mindshim implements the "
        "documented in-place behaviour",
    "ops_segment::tanh_":
        "MindSpore 2.10 has no CPU kernel for InplaceTanh (ops.tanh_ is Ascend-only); mindshim implements the "
        "documented in-place behaviour",
    "ops_segment::zero_":
        "MindSpore 2.10 has no CPU kernel for InplaceZero (ops.zero_ is Ascend-only); mindshim implements the "
        "documented in-place behaviour",
    "ops_segment::inplace_sigmoid":
        "MindSpore 2.10 has no CPU kernel for InplaceSigmoid (ops.inplace_sigmoid is Ascend-only); mindshim implements the "
        "documented in-place behaviour",
    "ops_segment::put_":
        "MindSpore 2.10 has no CPU kernel for InplacePut (ops.put_ is Ascend-only); mindshim implements the "
        "documented in-place behaviour",
    "ops_segment::stop_gradient_":
        "MindSpore 2.10 has no CPU kernel for InplaceStopGradient (ops.stop_gradient_ is Ascend-only); mindshim implements the "
        "documented in-place behaviour",
    "ops_array_more::cpu_gap_reshuffles":
        "MindSpore 2.10 has no CPU kernel for SpaceToBatch, BatchToSpace, BatchToSpaceNDV2 or SplitV (kernel select "
        "fails); mindshim implements them as documented, through the same code as SpaceToBatchND/BatchToSpaceND",
    "ops_array_more::cpu_gap_fills":
        "MindSpore 2.10 has no CPU kernel for Fills or LerpScalar (kernel select fails / 'kernel LerpScalar "
        "unregistered'); mindshim fills / lerps as documented",
    "ops_array_more::cpu_gap_move_to":
        "MindSpore 2.10 has no CPU kernel for MoveTo (kernel select fails); mindshim copies the tensor to the host",
    "ops_array_more::cpu_gap_move_to_prim":
        "MindSpore 2.10 has no CPU kernel for MoveTo (kernel select fails); mindshim copies the tensor to the host",
    "ops_array_more::cpu_gap_type_as":
        "MindSpore 2.10 raises 'The kernel TypeAs unregistered' on CPU; mindshim casts input to other's dtype",
    "ops_array_more::scalar_to_array_removed":
        "MindSpore 2.10's deprecated ScalarToArray lost its inference ('prim:ScalarToArray has no attr:__infer__'); "
        "mindshim keeps the documented conversion (int -> Int32, float -> Float32 0-D tensor)",
    "ops_array_more::scalar_to_array_prim_removed":
        "MindSpore 2.10's deprecated ScalarToArray lost its inference ('prim:ScalarToArray has no attr:__infer__'); "
        "mindshim keeps the documented conversion (int -> Int32, float -> Float32 0-D tensor)",
    "ops_special::nextafter_float32":
        "MindSpore 2.10's CPU NextAfter returns float32 inputs unchanged (it steps in float64 and rounds back), "
        "against its documented 'next representable value of input towards other'; mindshim steps in float32",
    "ops_math_more::fmin_cpu_gap":
        "MindSpore 2.10's CPU backend has no Fmin kernel (RuntimeError); mindshim computes torch.fmin (NaN-ignoring "
        "minimum, the mirror of Fmax, whose CPU results are checked in nonan_compare)",
    "ops_math_more::euclidean_norm_cpu_gap":
        "MindSpore 2.10's CPU backend has no EuclideanNorm kernel (RuntimeError); mindshim computes "
        "sqrt(sum(x**2, axes)) as documented",
    "ops_math_more::accumulate_n_cpu_gap":
        "MindSpore 2.10's CPU backend has no AccumulateNV2 kernel (RuntimeError); mindshim returns the element-wise "
        "sum of the inputs as documented",
    "ops_math_more::einsum_ext_cpu_gap":
        "MindSpore 2.10 implements einsum_ext only on Ascend (NotImplementedError on CPU/GPU); mindshim computes "
        "it with torch.einsum",
    "ops_math_more::quantile_cpu_gap":
        "MindSpore 2.10's CPU backend has no Quantile kernel (RuntimeError for Quantile/quantile/nanquantile); "
        "mindshim computes linear-interpolated quantiles (torch.quantile/nanquantile); the argument checks are "
        "matched in quantile_errors",
    "ops_math_more::histogram_fixed_width_cpu_gap":
        "MindSpore 2.10 has no CPU HistogramFixedWidth kernel (Ascend/GPU only); mindshim bins as documented, "
        "values outside the range going to the first/last bin",
    "ops_math_more::count_nonzero_broken":
        "MindSpore 2.10's CountNonZero primitive cannot run (RuntimeError: 'inputs number should be 2 but got 1'); "
        "mindshim counts non-zeros over `dims` as documented, returning Int64",
    "ops_linalg_more::matrix_exp": "MindSpore 2.10 has no CPU kernel for MatrixExp (kernel select fails); "
                                   "mindshim computes torch.linalg.matrix_exp",
    "ops_linalg_more::ormqr": "MindSpore 2.10 has no CPU kernel for Ormqr (kernel select fails); mindshim applies "
                              "the Householder product with torch.ormqr",
    "ops_linalg_more::baddbmm_ext": "MindSpore 2.10's CPU backend has no Baddbmm kernel ('The kernel Baddbmm "
                                    "unregistered', Ascend only); mindshim computes beta*input + alpha*bmm",
    "ops_random_more::gamma_poisson_no_cpu_kernel": "MindSpore 2.10 has no CPU kernel for Gamma or Poisson (used by "
                                                    "ops.gamma/ops.poisson); mindshim samples them",
    "ops_random_more::randperm_no_cpu_kernel": "MindSpore 2.10 has no CPU kernel for Randperm; mindshim returns a "
                                               "permutation of n padded with `pad` to max_length",
    "ops_random_more::accidental_hits_no_cpu_kernel": "MindSpore 2.10 has no CPU kernel for ComputeAccidentalHits; "
                                                      "mindshim reproduces the documented example's output",
    "ops_random_more::inplace_no_cpu_kernel": "MindSpore 2.10's CPU backend has no InplaceUniform/InplaceNormal/"
                                              "InplaceExponential/InplaceRandom/BernoulliExt kernels (Ascend only); "
                                              "mindshim fills the tensor in place",
    "ops_random_more::parameterized_truncated_normal_batches": "MindSpore 2.10's CPU ParameterizedTruncatedNormal "
        "applies batch 0's mean/stdevs/min/max to every batch (rows 1 and 2 leave their [min, max]); mindshim uses "
        "each batch's own parameters as documented",
    "ops_nn_pool::adaptive_avg_pool2d_ext":
        "MindSpore 2.10's CPU backend has no AdaptiveAvgPool2DExt kernel (RuntimeError); mindshim pools as "
        "ops.adaptive_avg_pool2d does (checked in ops_nn_pool::adaptive_avg_pool2d_ext_matches)",
    "ops_nn_more::log_softmax_ext":
        "MindSpore 2.10's CPU backend has no LogSoftmaxExt kernel (RuntimeError); mindshim computes log_softmax "
        "(checked in ops_nn_more::log_softmax_ext_matches)",
    "ops_nn_more::mse_loss_ext":
        "MindSpore 2.10's CPU backend has no MSELossExt kernel (RuntimeError); mindshim computes the broadcast "
        "mean squared error (checked in ops_nn_more::mse_loss_ext_matches)",
    "ops_nn_more::multilabel_margin_primitive":
        "MindSpore 2.10's CPU backend has no MultilabelMarginLoss kernel (RuntimeError); mindshim computes the "
        "documented formula (checked in ops_nn_more::multilabel_margin_matches_nn)",
    "ops_nn_more::triplet_margin_primitive":
        "MindSpore 2.10's CPU backend has no TripletMarginLoss kernel (RuntimeError, GPU only); mindshim computes "
        "max(d(a, p) - d(a, n) + margin, 0) (checked in ops_nn_more::triplet_margin_matches_formula)",
    "ops_nn_more::depthwise_conv":
        "MindSpore 2.10's CPU backend has no DepthwiseConv2dNative kernel (RuntimeError); mindshim runs the "
        "per-channel grouped convolution (checked in ops_nn_more::depthwise_conv_matches_conv2d)",
    "ops_nn_more::confusion_matrix":
        "MindSpore 2.10's CPU backend has no ConfusionMatrix kernel (RuntimeError); mindshim counts (label, "
        "prediction) pairs as documented (checked in ops_nn_more::confusion_matrix_matches_formula)",
    "ops_detection::nms_v3": "MindSpore 2.10 has no CPU kernel for NonMaxSuppressionV3 (kernel select fails); "
                             "mindshim implements TensorFlow's documented semantics",
    "ops_image::extract_image_patches": "MindSpore 2.10 has no CPU kernel for ExtractImagePatches (kernel select "
                                        "fails); mindshim extracts TF-ordered patches like ExtractVolumePatches",
    "ops_image::dilation2d": "MindSpore 2.10's CPU Dilation2D fails for every pad_mode ('Cast failed, original value: "
                             "SAME, type: StringImm'); mindshim follows its CPU kernel's algorithm (out-of-image taps skipped)",
    "ops_control_debug::scan_without_xs":
        "MindSpore 2.10's Scan.__call__ validates xs against [list, tuple, None] (None is not a type), so every "
        "call with xs=None raises TypeError from isinstance; mindshim runs the documented length-step scan",
    "ops_control_debug::dynamic_shape_primitive":
        "MindSpore 2.10's deprecated DynamicShape primitive has no infer implementation (RuntimeError 'has no attr "
        "__infer__' in PyNative, invalid operator in graph mode); mindshim returns the documented shape tensor "
        "(int64 by default) like TensorShape",
    "ops_autogen_array::array_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for StackExt, DiagExt, TrilExt, IndexSelect, Index, "
        "IndexFill*, IndexAddExt, Scatter*, SelectV2, TypeAs, Clone, Repeat*, Chunk, Split*, Take, SliceExt "
        "(RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which "
        "these ops document",
    "ops_autogen_array::creation_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for FillScalar, FillTensor, FullLike, OnesLikeExt, "
        "ZerosLikeExt, Empty*, New*, Arange, LinSpaceExt, OneHotExt (RuntimeError 'kernel ... unregistered'; Ascend-"
        "only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_array::inplace_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for the Inplace* kernels behind inplace_* and the *_ "
        "functions (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's "
        "semantics, which these ops document",
    "ops_autogen_array::inplace_prims_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for the Inplace* kernels (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_array::sort_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for SortExt, ArgSort, TopkExt (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_array::unique_nonzero_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for Unique2, UniqueDim, NonZeroExt, InnerNonZero "
        "(RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which "
        "these ops document",
    "ops_autogen_math::bitwise_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for Bitwise{And,Or,Xor}{Tensor,Scalar}, BitwiseNot, BoolNot"
        " (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which"
        " these ops document",
    "ops_autogen_math::linalg_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for Mm, Dot, Vdot, Mv, Outer, Baddbmm, Addbmm, Addmm, "
        "Addmv, MatrixInverseExt, LinalgQr, TriangularSolve, TrilExt, EinsumExt (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_math::scalar_ops_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for AddScalar, SubScalar, LessScalar, FloorDivScalar, "
        "LerpScalar, Muls, Divs, DivMod(s), Fmod*, Remainder*, Pow*Scalar*, XLogYScalar*, GreaterEqualScalar, "
        "EqualExt, Sub (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's "
        "semantics, which these ops document",
    "ops_autogen_math::scan_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for CumsumExt, CumminExt, LogSumExp, ArgMinExt, ArgMaxExt, "
        "MaxDim, MinDim, MedianDim, MedianExt, CountNonZero, Kthvalue, TraceExt, TraceV2, HistcExt, BincountExt, "
        "Nansum (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics,"
        " which these ops document",
    "ops_autogen_math::stats_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for Std, Var, StdMean, VarMean, Norm, LinalgVectorNorm, "
        "LpNormV2 (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's "
        "semantics, which these ops document",
    "ops_autogen_math::unary_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for AcosExt, AsinExt, AtanExt, AsinhExt, AcoshExt, "
        "Atan2Ext, Exp2, Log2, Log10, Frac, IsNegInf, Tan, LogAddExp, LogAddExp2 (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_nn::activation_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for EluExt, LeakyReLUExt, MishExt, SeLUExt, Hardtanh, "
        "Threshold, LogSoftmaxExt (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with "
        "torch's semantics, which these ops document",
    "ops_autogen_nn::activation_ext_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for GeluExt, LogSigmoid (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_nn::conv_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for Convolution, ConvolutionStr, Conv1DPadding, "
        "Conv3DPadding, ConvTranspose2D, ConvTbc (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim "
        "computes them with torch's semantics, which these ops document",
    "ops_autogen_nn::conv_ext_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for Conv1DExt, Conv2DExt, Conv3DExt, Conv2DPadding "
        "(RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which "
        "these ops document",
    "ops_autogen_nn::embedding_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for Embedding, OneHotExt (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_nn::loss_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for L1LossExt, CosineEmbeddingLoss, CrossEntropyLoss, "
        "NLLLoss2d (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's "
        "semantics, which these ops document",
    "ops_autogen_nn::losses_ext_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for MSELossExt, KLDiv (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_nn::norm_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for BatchNormStats, BatchNormElemt, "
        "BatchNormGatherStatsWithCounts (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them"
        " with torch's semantics, which these ops document",
    "ops_autogen_nn::norm_ext_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for LayerNormExt, GroupNorm, BatchNormExt (RuntimeError "
        "'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops "
        "document",
    "ops_autogen_nn::pad_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for ConstantPadND, ReflectionPad1D/2D/3D, "
        "ReplicationPad1D/2D/3D (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with "
        "torch's semantics, which these ops document",
    "ops_autogen_nn::pool_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for AdaptiveAvgPool1D, AvgPool1D, AdaptiveAvgPool3DExt, "
        "AvgPool3DExt, AdaptiveMaxPool1D, FuncMaxPool2D, MaxUnpool2DExt, Col2ImExt, Im2ColExt (RuntimeError 'kernel "
        "... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_nn::pool_ext_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for AvgPool2D, AdaptiveAvgPool2DExt, FuncMaxPool2D "
        "(RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which "
        "these ops document",
    "ops_autogen_nn::upsample_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for UpsampleBilinear2D, UpsampleBicubic2D, UpsampleLinear1D"
        " (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which"
        " these ops document",
    "ops_autogen_math::addc_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for AddcdivExt, AddcmulExt (RuntimeError 'kernel ... "
        "unregistered'; Ascend-only); mindshim computes them with torch's semantics, which these ops document",
    "ops_autogen_array::more_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for MaskedFillScalar, InnerUnique, InnerInplaceIndexPut and"
        " InplaceStopGradient (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with "
        "torch's semantics, which these ops document",
    "ops_autogen_nn::nn_more_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for MaxPoolWithIndices, LayerNormV3, SoftmaxBackward, "
        "L1LossBackwardExt, EmbeddingDenseBackward, AdaptiveAvgPool2DGradExt, Swiglu, ExtractImagePatches "
        "(RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's semantics, which "
        "these ops document",
    "ops_autogen_nn::random_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for the (seed, offset) random ops (RandExt, Randn, RandInt,"
        " RandpermExt, UniformExt, Normal*, MultinomialExt, BernoulliExt, "
        "Inplace{Normal,Uniform,Random,Exponential,Bernoulli*}, DropoutExt behind FuncDropoutExt/Dropout2dExt in "
        "training) (RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim computes them with torch's "
        "semantics, which these ops document",
    "mint_reduce::kthvalue":
        "MindSpore 2.10's mint.kthvalue raises ValueError 'should not come here for kthvalue py_method' for every "
        "call (its functional overload has no Python fallback); mindshim returns the documented (values, indices)",
    "ops_mint_shared::scatter_out_of_range":
        "MindSpore 2.10's CPU Scatter (ops.scatter) silently drops an out-of-range index (index 5 on a length-3 "
        "axis leaves that row unchanged); mindshim checks indices on the host and raises RuntimeError, since an "
        "out-of-range index must never reach a torch indexing kernel (a device-side assert on CUDA)",
    "scipy_linalg::lu_permute_l":
        "MindSpore 2.10's scipy.linalg.lu(permute_l=True) raises TypeError (it multiplies its int32 permutation "
        "by the float L with MatMul); mindshim returns the documented (P @ L, U)",
    "tensor_math_unary::unary_inplace_cpu_gap":
        "MindSpore 2.10's CPU backend registers no Inplace{Erfinv,Floor,Log,Sigmoid,Sign,Tanh} kernels (RuntimeError "
        "'kernel ... unregistered'), and its Tensor.exp_ returns a new tensor leaving self unchanged; mindshim "
        "updates self in place as these methods document",
    "tensor_math_unary::bitwise_not_cpu_gap":
        "MindSpore 2.10's CPU backend registers no BitwiseNot kernel (RuntimeError 'kernel ... unregistered'); "
        "mindshim computes the documented bitwise NOT",
    "tensor_math_unary::round_decimals_cpu_gap":
        "MindSpore 2.10's CPU Round kernel raises RuntimeError for decimals != 0 ('only support decimals equal 0'); "
        "mindshim rounds to the documented number of decimals",
    "tensor_math_binary::binary_cpu_gap":
        "MindSpore 2.10's CPU backend has no Fmin, FloorDivScalar (floor_divide by a Python number) or AddcdivExt "
        "kernel (RuntimeError 'Unsupported op'/'kernel ... unregistered'); mindshim computes the documented results",
    "tensor_math_binary::inplace_arith":
        "MindSpore 2.10's CPU Tensor.add_/sub_/mul_/div_/floor_divide_/remainder_ return a new tensor and leave self "
        "unchanged, and its CPU backend has no InplaceClampScalar/InplaceClampTensor kernel; mindshim updates self in "
        "place as these methods document",
    "tensor_math_reduce::reduce_cpu_gap":
        "MindSpore 2.10's CPU backend has no Quantile kernel (quantile/nanquantile) and no Var kernel behind the "
        "torch-style std/var(dim=, correction=) overload (RuntimeError 'Unsupported op'/'kernel ... unregistered'), "
        "and its Tensor.kthvalue raises ValueError 'should not come here for kthvalue py_method'; mindshim computes "
        "the documented results",
    "tensor_math_linalg::linalg_cpu_gap":
        "MindSpore 2.10's CPU backend has no InplaceAddmm (Tensor.addmm_) or Ormqr kernel (RuntimeError 'kernel ... "
        "unregistered'/'Unsupported op'); mindshim computes the documented results",
    "tensor_math_linalg::linalg_broken_methods":
        "MindSpore 2.10's Tensor.triangular_solve raises AttributeError ('Registry' object has no attribute "
        "'triangular_solve') and Tensor.eigvals raises TypeError (it calls ops.eigvals without the tensor); mindshim "
        "computes the documented results",
    "tensor_math_random::random_cpu_gap":
        "MindSpore 2.10's CPU backend registers no BernoulliExt, UniformExt or Inplace{Bernoulli,Exponential,Normal,"
        "Random,Uniform} kernels behind Tensor.bernoulli/uniform/bernoulli_/exponential_/normal_/random_/uniform_ "
        "(RuntimeError 'kernel ... unregistered'; Ascend-only); mindshim samples them as documented",
    "tensor_array_shape::repeat_cpu_gap":
        "MindSpore 2.10's CPU backend cannot run Tensor.repeat(*repeats) (RuntimeError \"'repeat' is not supported "
        "on this device\"); mindshim tiles as the method documents",
    "tensor_array_shape::roll_cpu_gap":
        "MindSpore 2.10's CPU backend registers no Roll kernel for Tensor.roll (RuntimeError 'kernel Roll "
        "unregistered'); mindshim rolls as the method documents",
    "tensor_array_index::unique_cpu_gap":
        "MindSpore 2.10's CPU backend registers no Unique2 kernel behind Tensor.unique (RuntimeError); mindshim returns "
        "the documented (output, inverse_indices Int64, counts Int64)",
    "tensor_array_index::inplace_cpu_gap":
        "MindSpore 2.10's CPU backend registers no kernel for InplaceIndexAddExt, InplaceIndexCopy, "
        "InplaceIndexFillScalar, InplaceScatterSrc, InplaceZero, InplaceIndexPut, ScatterAddExt, NonZeroExt, has no CPU "
        "branch for put_ and makes new_full and index Ascend-only (RuntimeError / NotImplementedError); mindshim computes what these Tensor "
        "methods document (torch's semantics)",
    "tensor_array_index::fills_cpu_gap":
        "MindSpore 2.10's CPU backend cannot run Tensor.fills (RuntimeError from its Fills kernel); mindshim returns "
        "the documented tensor of the same shape and dtype filled with the value",
    "tensor_array_index::fill__cpu_gap":
        "MindSpore 2.10's CPU backend registers no InplaceFillScalar kernel behind Tensor.fill_ (RuntimeError); "
        "mindshim fills in place as documented",
    "tensor_array_index::fill_diagonal__cpu_gap":
        "MindSpore 2.10's CPU Tensor.fill_diagonal_ fails dispatch (ValueError 'should not come here for "
        "fill_diagonal method'); mindshim fills the diagonal in place as documented",
    "tensor_array_convert::clone_cpu_gap":
        "MindSpore 2.10's CPU backend registers no Clone kernel behind Tensor.clone (RuntimeError); mindshim returns "
        "the documented copy",
    "tensor_array_runtime::to__cpu_gap":
        "MindSpore 2.10's CPU Tensor.to_('CPU') fails releasing the old host memory (RuntimeError from delete_); "
        "mindshim moves the data in place and returns self as documented",
    "tensor_array_runtime::delete__cpu_gap":
        "MindSpore 2.10's CPU Tensor.delete_ raises RuntimeError; mindshim releases the tensor's memory and returns "
        "self as documented",
    "tensor_array_runtime::device_name":
        "deliberate: MindSpore's Tensor.device is the string 'CPU'; mindshim keeps torch's torch.device ('cpu'), "
        "which torch's own code and mindshim read (.type, factory device= arguments)",
    "tensor_array_index::index_add_torch_int64":
        "deliberate superset: MindSpore 2.10's CPU backend routes the torch-style Tensor.index_add(dim, index, source) "
        "to IndexAdd, which rejects Int64 indices (TypeError); mindshim accepts them like the documented overload "
        "(torch code calls index_add with int64 indices)",
    "nn_more_thor::embedding_thor_padding_idx": (
        "MindSpore 2.10 bug: EmbeddingThor zeroes the padding row of its still-uninitialised (lazy) table, and "
        "reading the table then fails with 'The pointer[device_address] is null'; mindshim returns the table "
        "with that row zeroed, as documented."),
    "train_callbacks_more::dataset_helper_sink_cpu": (
        "deliberate: MindSpore 2.10 refuses dataset sink mode on CPU (iterating DatasetHelper(dataset_sink_mode=True) "
        "raises RuntimeError); mindshim supports sink mode on every device, CPU included (docs/differences.md)"),
    "train_callbacks_more::connect_network_with_dataset_sink_cpu": (
        "deliberate: MindSpore 2.10 refuses connect_network_with_dataset in sink mode on CPU (RuntimeError); "
        "mindshim supports sink mode on every device, CPU included (docs/differences.md)"),
    "train_callbacks_more::data_sink_cpu": (
        "deliberate: MindSpore 2.10 refuses mindspore.data_sink on CPU (ValueError); mindshim supports sink mode "
        "on every device, CPU included (docs/differences.md)"),
    "dataset_vision_readers_det::voc_extra_metadata_hidden": (
        "Not fixed yet: MindSpore's iterators leave out columns whose name starts with '_meta-' (extra_metadata) "
        "until a rename drops the prefix; mindshim's iterators (mindshim/dataset/engine/iterators.py, outside "
        "the readers) still hand them out, so the dict has '_meta-filename' and the tuple 6 columns."),
    "dataset_audio::speech_commands_usage_size": (
        "MindSpore 2.10 bug: SpeechCommandsDataset.get_dataset_size() counts every wav file whatever the usage "
        "(5 for train/test/valid here), while iterating gives only the usage's rows (2/1/2); mindshim returns the "
        "number of rows the iterator gives."),
    "dataset_vision_more::normalize_pad_hwc": (
        "MindSpore 2.10 CPU bug: NormalizePad with is_hwc=True writes the normalised <H, W, 3> values contiguously "
        "into the <H, W, 4> output (the trailing quarter of the buffer is zero) instead of appending a zero "
        "channel to each pixel, in eager and pipeline mode; mindshim appends the zero channel as documented "
        "(is_hwc=False, where both layouts coincide, matches)."),
    "dataset_vision_readers_extra::sst2_all": (
        "MindSpore 2.10's RenderedSST2Dataset(usage='all') reports get_dataset_size() 12 for the test+train+val "
        "rows but its pipeline yields only the 8 test and train rows (the size then drops to 8); mindshim yields "
        "all 12 rows, in test, train, val order"),
    "ops_fidelity_fixes::minddataset_pksampler_rows": (
        "MindSpore 2.10's MindDataset with PKSampler yields the right number of rows (classes * num_val) but every "
        "one is the file's first row (labels [2, 2, 2, 2] here); mindshim samples num_val rows of each class "
        "(labels [0, 1, 2, 3]); the sizes match (ops_fidelity_fixes::minddataset_pksampler_sizes)"),
}
