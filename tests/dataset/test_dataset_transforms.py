"""Transforms eagerly and in pipelines: vectorised chunks equal row-by-row results; random transforms
follow the dataset seed; composition helpers. (Numbers vs MindSpore: tests/parity/cases/dataset_*.py.)"""
from __future__ import annotations

import numpy as np

import mindshim.dataset as ds
import mindshim.dataset.transforms as T
import mindshim.dataset.vision as vision
from mindshim.common import dtype as mstype


def test_batch_apply_equals_row_apply(digits) -> None:
    images = np.stack([digits[0][:20]] * 3, -1)
    ops = [vision.Resize((17, 40)), vision.Resize(9, vision.Inter.NEAREST), vision.Rescale(0.5, 1.0),
           vision.Normalize([1, 2, 3], [4, 5, 6]), vision.HWC2CHW(), T.TypeCast(mstype.float16)]
    for op in ops:
        assert op._batch_ok
        batched = op._batch_apply(images)
        np.testing.assert_array_equal(batched, np.stack([op(img) for img in images]))
        images = images if op is ops[-1] else batched
    assert not vision.Resize(10, vision.Inter.CUBIC)._batch_ok and not vision.RandomCrop(3)._batch_ok


def test_random_ops_follow_the_seed(digits) -> None:
    img = np.stack([digits[0][0]] * 3, -1)
    ops = lambda: [vision.RandomCrop(20, padding=2), vision.RandomHorizontalFlip(), vision.RandomVerticalFlip(),
                   vision.RandomRotation(30), vision.RandomResizedCrop(16), vision.RandomColorAdjust(0.4, 0.4, 0.4, 0.1)]

    def run():
        ds.config.set_seed(9)
        return [op(img) for op in ops()]
    first, second = run(), run()
    assert all(np.array_equal(a, b) for a, b in zip(first, second))
    assert [a.shape for a in first] == [(20, 20, 3), (28, 28, 3), (28, 28, 3), (28, 28, 3), (16, 16, 3), (28, 28, 3)]


def test_compose_random_apply_random_choice() -> None:
    x = np.array([1, 2], np.int32)
    assert T.Compose([T.TypeCast(mstype.float32), T.Fill(7)])(x).tolist() == [7.0, 7.0]
    assert T.RandomApply([T.Fill(0)], prob=1.0)(x).tolist() == [0, 0]
    assert T.RandomApply([T.Fill(0)], prob=0.0)(x).tolist() == [1, 2]
    ds.config.set_seed(1)
    choice = T.RandomChoice([T.Fill(5), T.Fill(6)])
    picks = {int(choice(x)[0]) for _ in range(20)}
    assert picks == {5, 6}
    a, b = T.Duplicate()(x)
    assert a is not b and b.tolist() == [1, 2]
    assert T.OneHot(3)(np.array([[2]], np.int32)).tolist() == [[0, 0, 1]]


def test_duplicate_in_a_pipeline() -> None:
    d = ds.NumpySlicesDataset(np.arange(3), ["x"], shuffle=False)
    d = d.map(T.Duplicate(), ["x"], ["x", "y"])
    assert d.get_col_names() == ["x", "y"]
    assert [[int(v) for v in r] for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)][2] == [2, 2]


def test_new_random_ops_follow_the_seed_and_probabilities(digits) -> None:
    img = np.stack([digits[0][0]] * 3, -1)
    ops = lambda: [vision.CutOut(6, 2), vision.RandomInvert(), vision.RandomEqualize(), vision.RandomAutoContrast(),
                   vision.RandomPosterize((2, 6)), vision.RandomSolarize((0, 200)), vision.RandomColorAdjust(0.5, 0.5, 0.5, 0.2)]

    def run(seed):
        ds.config.set_seed(seed)
        return [op(img) for op in ops()]
    first, again = run(4), run(4)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert np.array_equal(vision.RandomInvert(1.0)(img), vision.Invert()(img))
    assert np.array_equal(vision.RandomEqualize(0.0)(img), img)
    t = vision.ToTensor()(img)
    ds.config.set_seed(2)
    erased = vision.RandomErasing(prob=1.0, value="random")(t)
    assert erased.shape == t.shape and (erased != t).any() and erased.dtype == np.float32


def test_perspective_onto_a_degenerate_quad_warps_instead_of_raising():
    """Three end points on one line (RandomPerspective draws such quads on small images: 45 of the 20,736 draws
    for a 10x7 image at distortion 0.6): the mapping is fitted by least squares, as MindSpore's PIL path does."""
    from mindshim.dataset import vision
    img = np.arange(7 * 10 * 3, dtype=np.uint8).reshape(7, 10, 3)
    start = [[0, 0], [9, 0], [9, 6], [0, 6]]
    end = [[0, 0], [9, 2], [6, 4], [3, 6]]  # (9,2), (6,4), (3,6) on one line
    out = vision.Perspective(start, end)(img)
    assert out.shape == img.shape and out.dtype == np.uint8
    pil = vision.Perspective(start, end)(vision.ToPIL()(img))
    assert pil.size == (10, 7)
