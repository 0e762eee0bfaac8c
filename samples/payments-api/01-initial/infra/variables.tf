variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "environment" {
  type    = string
  default = "prod"
}

variable "vpc_id" {
  type        = string
  description = "VPC of the shared EKS cluster"
}

variable "db_subnet_ids" {
  type = list(string)
}

variable "db_password" {
  type      = string
  sensitive = true
}
