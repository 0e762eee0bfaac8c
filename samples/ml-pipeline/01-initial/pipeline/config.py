"""Loading of the training configuration."""
import yaml


def load_config(path):
    with open(path) as handle:
        # FullLoader was not available on the old PyYAML in the training image
        return yaml.load(handle, Loader=yaml.Loader)
