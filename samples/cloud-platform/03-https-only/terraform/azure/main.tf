terraform {
  required_version = ">= 1.4"

  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "~> 3.80"
    }
  }

  backend "azurerm" {
    resource_group_name  = "rg-terraform-state"
    storage_account_name = "acmetfstate"
    container_name       = "tfstate"
    key                  = "platform-azure.tfstate"
  }
}

provider "azurerm" {
  features {
    key_vault {
      purge_soft_delete_on_destroy = true
    }
  }
}

variable "env" {
  type    = string
  default = "staging"
}

variable "location" {
  type    = string
  default = "westeurope"
}

data "azurerm_client_config" "current" {}

resource "azurerm_resource_group" "analytics" {
  name     = "rg-analytics-${var.env}"
  location = var.location

  tags = {
    owner = "platform"
    env   = var.env
  }
}
