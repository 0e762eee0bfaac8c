import pandas as pd

from pipeline.features import add_ratios, build_features


def frame():
    return pd.DataFrame(
        {
            "tenure_months": [0, 10],
            "monthly_spend": [20.0, 50.0],
            "support_tickets": [1, 5],
            "logins_30d": [3, 12],
            "plan": ["basic", "pro"],
            "country": ["DE", "FR"],
        }
    )


def test_ratios_guard_against_zero_tenure():
    out = add_ratios(frame())
    assert out.loc[0, "spend_per_month_of_tenure"] == 20.0
    assert out.loc[1, "tickets_per_month"] == 0.5


def test_build_features_one_hot_encodes():
    out = build_features(frame(), ["tenure_months", "monthly_spend", "support_tickets"], ["plan"])
    assert {"plan_basic", "plan_pro"} <= set(out.columns)
    assert "country" not in out.columns
