"""Training report: a ROC curve attached to the CI run next to metrics.txt."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from sklearn.metrics import RocCurveDisplay  # noqa: E402


def write_roc_plot(y_true, y_score, path):
    figure, axes = plt.subplots(figsize=(5, 5))
    RocCurveDisplay.from_predictions(y_true, y_score, ax=axes, name="churn")
    axes.plot([0, 1], [0, 1], linestyle="--", color="grey")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
