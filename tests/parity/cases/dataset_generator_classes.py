"""Parity cases for GeneratorDataset beyond the basics: MindSpore 2.10's batch_sampler / collate_fn (each row is a
batch of source indices, stacked or merged by collate_fn), their argument rules, an iterable source with
shuffle=True (read in order) or a sampler (refused), and isinstance / class attributes of the source classes."""
import numpy as np

import mindspore.dataset as ds

TOLERANCES = {}


class _Src:
    def __len__(self):
        return 6

    def __getitem__(self, i):
        return np.array([i, i], np.float32), np.array(i % 2, np.int32)


def _gen():
    for i in range(4):
        yield (np.array(i, np.int32),)


def _rows(dataset):
    return [[a.tolist() for a in row] for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and message are the result
        return [type(e).__name__, str(e).split("\n")[0]]
    return "no error"


def case_batch_sampler_and_collate_fn():
    plain = ds.GeneratorDataset(_Src(), ["x", "y"], batch_sampler=[[0, 1], [2, 3, 4], [5]])

    def collate(xs, ys):
        return np.stack(xs).sum(0), np.array(len(ys), np.int32)
    merged = ds.GeneratorDataset(_Src(), ["x", "y"], batch_sampler=[[0, 1], [2, 3, 4]], collate_fn=collate)
    return {
        "plain_size": plain.get_dataset_size(), "plain": _rows(plain),
        "collate": _rows(merged),
        "with_shuffle": _error(lambda: ds.GeneratorDataset(_Src(), ["x", "y"], batch_sampler=[[0]], shuffle=True)),
        "collate_alone": _error(lambda: ds.GeneratorDataset(_Src(), ["x", "y"], collate_fn=collate)),
        "collate_not_callable": _error(lambda: ds.GeneratorDataset(_Src(), ["x", "y"], batch_sampler=[[0]],
                                                                   collate_fn=3)),
        "iterable_source": _error(lambda: _rows(ds.GeneratorDataset(_gen, ["x"], batch_sampler=[[0]]))),
    }


def case_iterable_source_sampling():
    return {
        "shuffle_true": _rows(ds.GeneratorDataset(_gen, ["x"], shuffle=True)),
        "sampler": _error(lambda: ds.GeneratorDataset(_gen, ["x"], sampler=ds.SequentialSampler())),
        "shards": _error(lambda: ds.GeneratorDataset(_gen, ["x"], num_shards=2, shard_id=0)),
        "num_samples": _rows(ds.GeneratorDataset(_gen, ["x"], num_samples=3)),
    }


def case_source_classes():
    gen = ds.GeneratorDataset(_gen, ["x"])
    mappable = ds.GeneratorDataset(_Src(), ["x", "y"], shuffle=False)
    slices = ds.NumpySlicesDataset({"a": np.arange(3)}, shuffle=False)
    return {
        "generator_isinstance": [isinstance(gen, ds.GeneratorDataset), isinstance(mappable, ds.GeneratorDataset),
                                 isinstance(slices, ds.GeneratorDataset), isinstance(gen, ds.Dataset)],
        "slices_isinstance": isinstance(slices, ds.NumpySlicesDataset),
        "batch_node_isinstance": isinstance(slices.batch(2), ds.NumpySlicesDataset),
        "is_class": [isinstance(ds.GeneratorDataset, type), isinstance(ds.NumpySlicesDataset, type)],
        "class_has_padded_batch": hasattr(ds.GeneratorDataset, "padded_batch"),
    }
