// cuconform::signature_of: the signature a GPU test gives each unit it runs
// (one unit: the signature alone; a batch: "UnitA=sig,UnitB=sig").
#include <gtest/gtest.h>

#include "cuconform/harness/code_signature.h"

using cuconform::signature_of;

TEST(CodeSignature, OneUnitTestGivesItsSignatureToEveryUnit) {
  EXPECT_EQ(signature_of("62259bcd6003eed4", "CbrtVsPowF"), "62259bcd6003eed4");
  EXPECT_EQ(signature_of("", "CbrtVsPowF"), "");
  EXPECT_EQ(signature_of("none", "CbrtVsPowF"), "none");
}

TEST(CodeSignature, BatchGivesEachUnitItsOwn) {
  const std::string all = "CbrtVsPowF=62259bcd6003eed4,ErfcF=837fcd196b373d71,Exp2VsPowF=b3d7af9c38a4464e";
  EXPECT_EQ(signature_of(all, "CbrtVsPowF"), "62259bcd6003eed4");
  EXPECT_EQ(signature_of(all, "ErfcF"), "837fcd196b373d71");
  EXPECT_EQ(signature_of(all, "Exp2VsPowF"), "b3d7af9c38a4464e");
}

TEST(CodeSignature, ANameIsMatchedWholeNeverAsAPrefixOrSuffix) {
  const std::string all = "FastMathCoercion=aaaa,FastMathCoercion2=bbbb,F=cccc";
  EXPECT_EQ(signature_of(all, "FastMathCoercion"), "aaaa");
  EXPECT_EQ(signature_of(all, "FastMathCoercion2"), "bbbb");
  EXPECT_EQ(signature_of(all, "F"), "cccc");
  EXPECT_EQ(signature_of(all, "Coercion2"), "");
  EXPECT_EQ(signature_of(all, "FastMath"), "");
}

TEST(CodeSignature, AUnitTheBatchDoesNotNameHasNone) {
  EXPECT_EQ(signature_of("A=1111,B=2222", "C"), "");
  EXPECT_EQ(signature_of("A=1111,B=", "B"), "");
  EXPECT_EQ(signature_of("A=1111,,B=2222", "B"), "2222");
}
