"""Churn model training pipeline."""
