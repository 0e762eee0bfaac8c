terraform {
  required_version = ">= 1.4"

  required_providers {
    google = {
      source  = "hashicorp/google"
      version = "~> 5.10"
    }
  }

  backend "gcs" {
    bucket = "acme-terraform-state"
    prefix = "platform-gcp"
  }
}

provider "google" {
  project = var.project
  region  = var.region
}

variable "env" {
  type    = string
  default = "staging"
}

variable "project" {
  type    = string
  default = "acme-ml-platform"
}

variable "region" {
  type    = string
  default = "europe-west1"
}
