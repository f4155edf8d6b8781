"""Known, accepted differences from real MindSpore 2.10.

Each entry `"module::case": "reason"` runs as `xfail(strict=True)`: when mindshim starts matching,
the run fails until the entry is removed, so this list never rots. Keep reasons specific.
"""

EXPECTED_FAILURES: dict[str, str] = {
}
