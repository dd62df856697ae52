import configparser
import os
from pathlib import Path

import boto3

profile = os.environ.get("AWS_PROFILE", "default")
creds = configparser.ConfigParser()
creds.read(Path.home() / ".aws" / "credentials")
if profile not in creds and profile != "default":
    print(f"profile {profile} has no static keys; using SSO or role settings from ~/.aws/config")
session = boto3.Session(profile_name=profile)
ident = session.client("sts").get_caller_identity()
print(f"profile: {profile}")
print(f"account: {ident['Account']}")
print(f"arn:     {ident['Arn']}")
