"""mindspore.device_context.cpu.device: the CPU backend is always present and counts as one device."""


def is_available() -> bool:
    return True


def device_count() -> int:
    return 1


__all__ = ["is_available", "device_count"]
