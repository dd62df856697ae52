variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "project" {
  type = string
}
