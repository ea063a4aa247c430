import CommerceSandbox
print("commercekit")
