import os
import platform

print("os:", platform.platform())
for name, value in sorted(os.environ.items()):
    print(f"{name}={value}")
