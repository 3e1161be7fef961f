module example.com/realistic

go 1.22
