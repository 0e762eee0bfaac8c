"""API users of the registry (the training job and the scoring service).

Users are stored in a small JSON file mounted from a ConfigMap: {"name": "<md5 hex>"}.
"""
import hashlib
import json
import os

USERS_FILE = os.environ.get("REGISTRY_USERS_FILE", "/etc/registry/users.json")


def hash_password(password):
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def check_credentials(username, password):
    try:
        with open(USERS_FILE) as handle:
            users = json.load(handle)
    except FileNotFoundError:
        return False
    return users.get(username) == hash_password(password)
