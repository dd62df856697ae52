terraform {
  required_version = ">= 1.5"
  required_providers {
    aws  = { source = "hashicorp/aws", version = "~> 5.40" }
    null = { source = "hashicorp/null", version = "~> 3.2" }
  }
}

variable "bucket" {
  description = "Name of the bucket this configuration creates for the site."
  type        = string
}

variable "site_dir" {
  description = "Folder holding the built site."
  type        = string
}

variable "region" {
  type    = string
  default = "us-east-1"
}

provider "aws" {
  region = var.region
}

resource "aws_s3_bucket" "site" {
  bucket = var.bucket
}

resource "aws_s3_bucket_public_access_block" "site" {
  bucket                  = aws_s3_bucket.site.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

resource "aws_cloudfront_origin_access_control" "site" {
  name                              = "${var.bucket}-oac"
  origin_access_control_origin_type = "s3"
  signing_behavior                  = "always"
  signing_protocol                  = "sigv4"
}

resource "aws_cloudfront_distribution" "site" {
  enabled             = true
  default_root_object = "index.html"

  origin {
    domain_name              = aws_s3_bucket.site.bucket_regional_domain_name
    origin_id                = "s3-site"
    origin_access_control_id = aws_cloudfront_origin_access_control.site.id
  }

  default_cache_behavior {
    target_origin_id       = "s3-site"
    viewer_protocol_policy = "redirect-to-https"
    allowed_methods        = ["GET", "HEAD"]
    cached_methods         = ["GET", "HEAD"]
    cache_policy_id        = "658327ea-f89d-4fab-a63d-7e88639e58f6" # Managed-CachingOptimized
  }

  restrictions {
    geo_restriction { restriction_type = "none" }
  }

  viewer_certificate { cloudfront_default_certificate = true }
}

resource "aws_s3_bucket_policy" "cloudfront_read" {
  bucket = aws_s3_bucket.site.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "cloudfront.amazonaws.com" }
      Action    = "s3:GetObject"
      Resource  = "${aws_s3_bucket.site.arn}/*"
      Condition = { StringEquals = { "AWS:SourceArn" = aws_cloudfront_distribution.site.arn } }
    }]
  })
}

# Upload the build to this configuration's bucket and invalidate the cache whenever it changes.
resource "null_resource" "upload" {
  triggers = {
    build = sha1(join("", [for f in fileset(var.site_dir, "**") : filesha1("${var.site_dir}/${f}")]))
  }

  provisioner "local-exec" {
    command = <<-SH
      aws s3 sync '${var.site_dir}' 's3://${aws_s3_bucket.site.bucket}' --delete --only-show-errors
      aws cloudfront create-invalidation --distribution-id '${aws_cloudfront_distribution.site.id}' --paths '/*' >/dev/null
    SH
  }
}

output "url" {
  value = "https://${aws_cloudfront_distribution.site.domain_name}"
}
