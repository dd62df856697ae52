import os

# AWS's own documentation keys: they never authenticate.
FAKE_ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE"
FAKE_SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
DUMMY_NPM_TOKEN = "npm_dummy_token_for_tests_000000000000"


def fake_env() -> None:
    os.environ["AWS_ACCESS_KEY_ID"] = FAKE_ACCESS_KEY
    os.environ["AWS_SECRET_ACCESS_KEY"] = FAKE_SECRET_KEY
    os.environ["AWS_ENDPOINT_URL"] = "http://127.0.0.1:5000"
