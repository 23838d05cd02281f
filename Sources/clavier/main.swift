print("clavier")
