"""mindspore.parallel: parallel-mode helpers. Data parallel runs on torch.distributed; strategy search is kept
as settings only."""
from mindshim.context import ParallelMode
from mindshim.parallel.algo_parameter_config import get_algo_parameters, reset_algo_parameters, set_algo_parameters
from mindshim.train._distributed_ckpt import load_distributed_checkpoint

__all__ = ["ParallelMode", "set_algo_parameters", "get_algo_parameters", "reset_algo_parameters",
           "load_distributed_checkpoint"]
