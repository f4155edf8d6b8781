from mindspore.nn import *  # noqa: F403 - the check resolves the bare names below through it


def make_net():
    return SequentialCell([Dense(4, 8), ReLU(), Dense(8, 4)])  # noqa: F405
