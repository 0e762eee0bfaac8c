"""Loading of the training configuration."""
import yaml


def load_config(path):
    with open(path) as handle:
        return yaml.safe_load(handle)
