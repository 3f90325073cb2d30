module github.com/chancery/chancery

go 1.26.8
