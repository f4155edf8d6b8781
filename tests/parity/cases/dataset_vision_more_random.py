"""Random vision transforms against MindSpore by properties that hold there: fixed-parameter special
cases equal the deterministic op, shapes, dtypes and value ranges, box bookkeeping; policy
augmentations, batch mixing (MixUp, MixUpBatch, CutMixBatch); argument errors."""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.vision as vision

COMPILED_PASS = False
TOLERANCES = {}


def _img(h=9, w=11, seed=0):
    return np.random.RandomState(seed).randint(0, 256, (h, w, 3)).astype(np.uint8)


def _boxes():
    return np.array([[1, 2, 4, 3, 7], [0, 0, 12, 9, 1], [5, 4, 6, 5, 2]], np.float32)


def _same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return bool(a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b))


def _meta(a):
    a = np.asarray(a)
    return [list(a.shape), str(a.dtype)]


def case_random_sharpness_color_lighting():
    img = _img()
    return {"adjust_p1": _same(vision.RandomAdjustSharpness(2.0, 1.0)(img), vision.AdjustSharpness(2.0)(img)),
            "adjust_p0": _same(vision.RandomAdjustSharpness(2.0, 0.0)(img), img),
            "sharp_fixed": _same(vision.RandomSharpness((1.5, 1.5))(img), vision.AdjustSharpness(1.5)(img)),
            "sharp_meta": _meta(vision.RandomSharpness()(img)),
            "color_one": _same(vision.RandomColor((1.0, 1.0))(img), img),
            "color_meta": _meta(vision.RandomColor()(img)),
            "lighting_zero": _same(vision.RandomLighting(0.0)(img), img),
            "lighting_meta": _meta(vision.RandomLighting(0.1)(img))}


def case_random_sharpness_degrees_error():
    return vision.RandomSharpness((1.9, 0.1))


def case_random_adjust_sharpness_prob_error():
    return vision.RandomAdjustSharpness(2.0, 1.5)


def case_random_resize_and_crop_decode_resize():
    img = _img(12, 16)
    jpg = vision.encode_jpeg(img, 95)
    out = {"resize": [_meta(vision.RandomResize((6, 8))(img)) for _ in range(4)],
           "resize_int": _meta(vision.RandomResize(6)(img)),
           "decode_resize": _meta(vision.RandomCropDecodeResize((5, 7))(jpg))}
    full = vision.RandomCropDecodeResize((6, 8), scale=(1.0, 1.0), ratio=(16 / 12, 16 / 12))(jpg)
    out["full_window"] = _same(full, vision.Resize((6, 8))(vision.Decode()(jpg)))
    return out


def case_random_crop_decode_resize_scale_error():
    return vision.RandomCropDecodeResize(5, scale=(1.0, 0.5))


def case_random_affine_and_perspective():
    img = _img(7, 10, 6)
    pil = vision.ToPIL()(img)
    return {"identity": _same(vision.RandomAffine(0)(img), img),
            "meta": _meta(vision.RandomAffine(30, (0.1, 0.2), (0.8, 1.2), 10)(img)),
            "meta_linear": _meta(vision.RandomAffine((-5, 5), shear=(1, 2, 3, 4), resample=vision.Inter.BILINEAR)(img)),
            "persp_p0": _same(np.asarray(vision.RandomPerspective(0.5, 0.0)(pil)), img),
            "persp_meta": [list(vision.RandomPerspective(0.6, 1.0)(pil).size), vision.RandomPerspective()(pil).mode]}


def case_random_affine_negative_degrees_error():
    return vision.RandomAffine(-3)


def case_random_perspective_needs_pil_error():
    return vision.RandomPerspective(0.5, 1.0)(_img())


def case_random_bbox_ops():
    img, b = _img(9, 12, 7), _boxes()
    out = {}
    image, boxes = vision.RandomCropWithBBox((9, 12))(img.copy(), b.copy())
    out["crop_full"] = _same(image, img) and _same(boxes, b)
    image, boxes = vision.RandomCropWithBBox((5, 6))(img.copy(), b.copy())
    out["crop_meta"] = [_meta(image), boxes.shape[1], str(boxes.dtype), bool(np.all(boxes[:, 2] > 0))]
    out["crop_inside"] = bool(np.all(boxes[:, 0] + boxes[:, 2] <= 6) and np.all(boxes[:, 1] + boxes[:, 3] <= 5))
    ref = vision.ResizeWithBBox((5, 5))(img.copy(), b.copy())
    got = vision.RandomResizedCropWithBBox((5, 5), scale=(1.0, 1.0), ratio=(12 / 9, 12 / 9))(img.copy(), b.copy())
    out["rrc_full"] = _same(got[1], ref[1]) and _meta(got[0]) == _meta(ref[0])
    image, boxes = vision.RandomResizedCropWithBBox((6, 6))(img.copy(), b.copy())
    out["rrc_meta"] = [_meta(image), boxes.shape[1], str(boxes.dtype)]
    image, boxes = vision.RandomResizeWithBBox((6, 8))(img.copy(), b.copy())
    out["resize_boxes"] = _same(boxes, vision.ResizeWithBBox((6, 8))(img.copy(), b.copy())[1])
    out["resize_meta"] = _meta(image)
    image, boxes = vision.BoundingBoxAugment(vision.RandomHorizontalFlip(1.0), 0.5)(img.copy(), b.copy())
    out["augment_meta"] = [_meta(image), _same(boxes, b)]
    return out


def case_random_crop_with_bbox_too_large_error():
    return vision.RandomCropWithBBox((20, 20))(_img(9, 12), _boxes())


def case_bounding_box_augment_ratio_error():
    return vision.BoundingBoxAugment(vision.Invert(), 1.5)


def case_policy_augments():
    img = _img(12, 14, 3)
    out = {}
    for name, op in [("auto", vision.AutoAugment()),
                     ("auto_cifar", vision.AutoAugment(vision.AutoAugmentPolicy.CIFAR10, vision.Inter.BILINEAR, (1, 2, 3))),
                     ("auto_svhn", vision.AutoAugment(vision.AutoAugmentPolicy.SVHN)),
                     ("rand", vision.RandAugment()), ("rand_3", vision.RandAugment(3, 20, 31, vision.Inter.BILINEAR, 7)),
                     ("trivial", vision.TrivialAugmentWide()), ("trivial_8", vision.TrivialAugmentWide(8))]:
        out[name] = [_meta(op(img)) for _ in range(3)]
    out["rand_zero_ops"] = _same(vision.RandAugment(0)(img), img)
    return out


def case_auto_augment_gray_error():
    return vision.AutoAugment()(_img()[..., 0])


def case_rand_augment_magnitude_error():
    return vision.RandAugment(magnitude=40)


def case_trivial_augment_bins_type_error():
    return vision.TrivialAugmentWide(3.5)


def case_uniform_and_subpolicy():
    img = _img()
    both = vision.HorizontalFlip()(vision.Invert()(img))
    sub = vision.RandomSelectSubpolicy([[(vision.Invert(), 1.0), (vision.HorizontalFlip(), 1.0)]])
    outs = [vision.UniformAugment([vision.Invert(), vision.HorizontalFlip()], 2)(img) for _ in range(6)]
    choices = [img, vision.Invert()(img), vision.HorizontalFlip()(img), both]
    return {"uniform_subset": all(any(_same(o, c) for c in choices) for o in outs),
            "uniform_meta": _meta(vision.UniformAugment([vision.Invert(), vision.VerticalFlip(), vision.Equalize()])(img)),
            "subpolicy": _same(sub(img), both),
            "subpolicy_p0": _same(vision.RandomSelectSubpolicy([[(vision.Invert(), 0.0)]])(img), img),
            "subpolicy_two": _meta(vision.RandomSelectSubpolicy([[(vision.Invert(), 0.5)],
                                                                 [(vision.Equalize(), 1.0)]])(img))}


def case_uniform_augment_num_ops_error():
    return vision.UniformAugment([vision.Invert()], 2)


def case_random_select_subpolicy_prob_error():
    return vision.RandomSelectSubpolicy([[(vision.Invert(), 1.5)]])


def _batch():
    imgs = np.random.RandomState(0).randint(0, 256, (4, 6, 5, 3)).astype(np.uint8)
    return imgs, np.eye(3, dtype=np.float32)[[0, 1, 2, 1]]


def case_mixup():
    imgs, lab = _batch()
    img, label = vision.MixUp(4, 0.5)(imgs, lab)
    multi = vision.MixUp(4, 0.5, is_single=False)
    first = multi(imgs, lab)
    second = multi(imgs, lab)
    return {"meta": [_meta(img), _meta(label)], "label_sums": bool(np.allclose(label.sum(1), 1.0)),
            "range": bool(img.min() >= 0 and img.max() <= 255),
            "first_batch_unmixed": _same(first[0], imgs.astype(np.float64)) and _same(first[1], lab.astype(np.float64)),
            "second_meta": [_meta(second[0]), _meta(second[1])]}


def case_mixup_batch_size_error():
    return vision.MixUp(0, 0.5)


def case_mixup_batch_and_cutmix():
    imgs, lab = _batch()
    out = {}
    img, label = vision.MixUpBatch(1.0)(imgs, lab)
    out["mixup"] = [_meta(img), _meta(label), bool(np.allclose(label.sum(1), 1.0, atol=1e-6))]
    img, label = vision.MixUpBatch(0.3)(imgs, lab.astype(np.int32))
    out["mixup_int_labels"] = [_meta(img), _meta(label)]
    img, label = vision.CutMixBatch(vision.ImageBatchFormat.NHWC)(imgs, lab)
    out["cutmix"] = [_meta(img), _meta(label), bool(np.allclose(label.sum(1), 1.0, atol=1e-6))]
    img, label = vision.CutMixBatch(vision.ImageBatchFormat.NCHW, 0.5, 0.5)(imgs.transpose(0, 3, 1, 2), lab)
    out["cutmix_nchw"] = [_meta(img), _meta(label)]
    img, label = vision.CutMixBatch(vision.ImageBatchFormat.NHWC, prob=0.0)(imgs, lab)
    out["cutmix_p0"] = _same(img, imgs) and _same(label, lab)
    return out


def case_mixup_batch_alpha_error():
    return vision.MixUpBatch(0.0)


def case_cutmix_labels_1d_error():
    imgs, lab = _batch()
    return vision.CutMixBatch(vision.ImageBatchFormat.NHWC)(imgs, lab[:, 0])


def case_cutmix_format_type_error():
    return vision.CutMixBatch(0)


def case_batch_ops_in_pipeline():
    imgs = np.random.RandomState(1).randint(0, 256, (6, 6, 5, 3)).astype(np.uint8)
    labels = np.array([0, 1, 2, 1, 0, 2], np.int32)
    import mindspore.dataset.transforms as transforms
    data = ds.NumpySlicesDataset({"image": imgs, "label": labels}, shuffle=False)
    data = data.map(transforms.OneHot(3), input_columns=["label"]).batch(3)
    data = data.map(vision.CutMixBatch(vision.ImageBatchFormat.NHWC), input_columns=["image", "label"])
    rows = list(data.create_tuple_iterator(output_numpy=True))
    return {"meta": [[_meta(r[0]), _meta(r[1])] for r in rows], "size": data.get_dataset_size(),
            "cols": data.get_col_names()}


def case_random_ops_with_fixed_parameters():
    img = _img(7, 10, 0)
    ra, af = vision.RandomAffine, vision.Affine
    return {"color": _same(vision.RandomColor((0.5, 0.5))(img), vision.AdjustSaturation(0.5)(img)),
            "degrees": _same(ra((30, 30))(img), af(30, [0, 0], 1.0, 0.0)(img)),
            "translate": _same(ra(0, translate=(0.2, 0.2, 0.3, 0.3))(img), af(0, [0.2, 0.3], 1.0, 0.0)(img)),
            "scale": _same(ra(0, scale=(1.3, 1.3))(img), af(0, [0, 0], 1.3, 0.0)(img)),
            "shear_x": _same(ra(0, shear=(10, 10))(img), af(0, [0, 0], 1.0, [10, 0])(img)),
            "shear_xy": _same(ra(0, shear=(10, 10, 5, 5))(img), af(0, [0, 0], 1.0, [10, 5])(img)),
            "all_linear": _same(ra((12, 12), (0.1, 0.1, -0.2, -0.2), (0.9, 0.9), (4, 4, -3, -3), vision.Inter.BILINEAR,
                                   (5, 6, 7))(img),
                                af(12, [0.1, -0.2], 0.9, [4, -3], vision.Inter.BILINEAR, (5, 6, 7))(img))}
