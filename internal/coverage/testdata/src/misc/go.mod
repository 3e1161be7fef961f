module example.com/misc

go 1.26
