"""`python -m mindshim script.py [args...]`: run a MindSpore script on mindshim."""
import sys

from mindshim.cli import run_script

if __name__ == "__main__":
    sys.exit(run_script(sys.argv[1:]))
