"""API users of the registry (the training job and the scoring service).

Users are stored in a small JSON file mounted from a Secret:
{"name": "pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>"}.
"""
import hashlib
import hmac
import json
import os

USERS_FILE = os.environ.get("REGISTRY_USERS_FILE", "/etc/registry/users.json")
ITERATIONS = 390_000


def hash_password(password, salt=None, iterations=ITERATIONS):
    salt = salt or os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${digest.hex()}"


def check_credentials(username, password):
    try:
        with open(USERS_FILE) as handle:
            users = json.load(handle)
    except FileNotFoundError:
        return False
    stored = users.get(username)
    if not stored:
        return False
    _, iterations, salt, _ = stored.split("$")
    return hmac.compare_digest(stored, hash_password(password, bytes.fromhex(salt), int(iterations)))
