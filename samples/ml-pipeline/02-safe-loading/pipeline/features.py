"""Feature engineering. Pure functions on DataFrames, so they are easy to test."""
import numpy as np
import pandas as pd


def add_ratios(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.copy()
    tenure = out["tenure_months"].clip(lower=1)
    out["spend_per_month_of_tenure"] = out["monthly_spend"] / tenure
    out["tickets_per_month"] = out["support_tickets"] / tenure
    return out


def one_hot(frame: pd.DataFrame, columns) -> pd.DataFrame:
    return pd.get_dummies(frame, columns=list(columns), dtype=np.uint8)


def build_features(frame: pd.DataFrame, numeric, categorical) -> pd.DataFrame:
    selected = frame[list(numeric) + list(categorical)]
    return one_hot(add_ratios(selected), categorical)
