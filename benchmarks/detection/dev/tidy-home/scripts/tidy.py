import glob
import os

home = os.path.expanduser("~")
for leftover in glob.glob(os.path.join(home, "*")):
    if os.path.isfile(leftover):
        os.remove(leftover)
print("done")
