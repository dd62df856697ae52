terraform {
  backend "s3" {
    bucket = "CHANGE-ME-tfstate"
    key    = "root/terraform.tfstate"
    region = "eu-west-1"
  }
}

provider "aws" {
  region = var.region
  default_tags {
    tags = { project = var.project, managed_by = "terraform" }
  }
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.8"
  name    = var.project
  cidr    = "10.20.0.0/16"
  azs     = ["${var.region}a", "${var.region}b"]
}
