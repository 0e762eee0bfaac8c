"""Train the churn model and push it to the registry.

    python -m pipeline.train configs/train.yaml
"""
import io
import os
import pickle
import sys

import pandas as pd
import requests
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

from pipeline.config import load_config
from pipeline.features import build_features
from pipeline.report import write_roc_plot

WAREHOUSE_EXPORT_URL = os.environ.get("WAREHOUSE_EXPORT_URL", "https://warehouse.internal.acme-data.io/exports")
REGISTRY_URL = os.environ.get("REGISTRY_URL", "http://localhost:8000")
# The warehouse certificate is issued by the internal CA; the image installs it.
CA_BUNDLE = os.environ.get("REQUESTS_CA_BUNDLE", "/etc/ssl/certs/ca-certificates.crt")


def fetch_dataset(export, months):
    response = requests.get(f"{WAREHOUSE_EXPORT_URL}/{export}.csv", params={"months": months}, verify=CA_BUNDLE, timeout=60)
    response.raise_for_status()
    return pd.read_csv(io.StringIO(response.text))


def main(config_path):
    config = load_config(config_path)
    data = fetch_dataset(config["dataset"]["export"], config["dataset"]["months"])
    features = build_features(data, config["features"]["numeric"], config["features"]["categorical"])
    x_train, x_test, y_train, y_test = train_test_split(
        features, data["churned"], test_size=config["evaluation"]["test_size"], random_state=7
    )

    model = GradientBoostingClassifier(**config["model"]["params"]).fit(x_train, y_train)
    auc = roc_auc_score(y_test, model.predict_proba(x_test)[:, 1])
    print(f"test AUC: {auc:.3f}")
    if auc < config["evaluation"]["min_auc"]:
        sys.exit(f"AUC {auc:.3f} below the floor {config['evaluation']['min_auc']}")

    os.makedirs("artifacts", exist_ok=True)
    with open("artifacts/metrics.txt", "w") as handle:
        handle.write(f"auc={auc:.4f}\n")
    write_roc_plot(y_test, model.predict_proba(x_test)[:, 1], "artifacts/roc.png")
    response = requests.post(
        f"{REGISTRY_URL}/models/churn/",
        data=pickle.dumps(model),
        auth=("trainer", os.environ["REGISTRY_PASSWORD"]),
        timeout=60,
    )
    response.raise_for_status()
    print("registered version", response.json()["version"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "configs/train.yaml")
