"""Internal: every piece of torch *machinery* mindshim uses lives here.

Device choice, torch.compile, CUDA graphs, autocast, DataLoader workers and torch.distributed are
reached only through this package, so a torch upgrade touches one place. torch *math* may be used
anywhere.
"""
