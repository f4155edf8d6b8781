"""`python -m mindshim script.py [args...]`: run a MindSpore script on mindshim (or `python -m mindshim COMMAND ...`)."""
import sys

from mindshim.cli import SUBCOMMANDS, main, run_script

if __name__ == "__main__":
    argv = sys.argv[1:]
    # `python -m mindshim check x.py` is `mindshim check x.py`; anything else is a script to run
    sys.exit(main(argv) if argv and argv[0] in (*SUBCOMMANDS, "run") else run_script(argv))
