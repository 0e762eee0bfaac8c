env    = "prod"
region = "europe-west4"
