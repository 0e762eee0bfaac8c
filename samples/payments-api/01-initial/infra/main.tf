terraform {
  required_version = ">= 1.3"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 4.60"
    }
  }

  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "payments-api/terraform.tfstate"
    region = "eu-west-1"
  }
}

provider "aws" {
  region = var.region

  default_tags {
    tags = {
      service = "payments-api"
      owner   = "payments-team"
    }
  }
}

output "ledger_endpoint" {
  value = aws_db_instance.ledger.address
}

output "receipts_bucket" {
  value = aws_s3_bucket.receipts.bucket
}

output "role_arn" {
  value = aws_iam_role.payments_api.arn
}
