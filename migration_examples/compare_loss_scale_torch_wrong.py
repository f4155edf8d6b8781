"""A wrong port: the gradients are unscaled by the initial loss scale, a constant, instead of the current one.
Steps 0 and 1 agree; the scale doubles after step 1, so `mindshim compare` reports step 2, layer fc1 (the first
layer), kind "gradient"."""
from compare_loss_scale_torch import INIT_SCALE, LossScaler, make, step  # noqa: F401


class StaleUnscale(LossScaler):
    def unscale_value(self):
        return INIT_SCALE


def build():
    return make(StaleUnscale())
