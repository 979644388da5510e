// The prism command-line tool run as a process (installed by the test fixture), on files and on
// standard input and output: conversions between every pair of formats, JSON Lines, inspect,
// verify and stats, damaged input and bad usage with their exit statuses.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/flex.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace tool_test_types {
// A struct with a tensor, at namespace scope: clang reflects only types with linkage.
struct image {
  prism::tensor<float, 2> pixels;
};
}  // namespace tool_test_types

namespace {

namespace fs = std::filesystem;
using tool_test_types::image;

struct run_result {
  int status = -1;
  std::string out;  // standard output and standard error together
};

run_result run(const std::string& args) {
  const std::string command = std::string(PRISM_TOOL_PATH) + " " + args + " 2>&1";
  run_result r;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> chunk;
  std::size_t n;
  while ((n = std::fread(chunk.data(), 1, chunk.size(), pipe)) > 0) r.out.append(chunk.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

class Tool : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("prism_tool_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string put(const std::string& name, const std::string& bytes) const {
    std::ofstream(path(name), std::ios::binary) << bytes;
    return path(name);
  }
  std::string get(const std::string& name) const {
    std::ifstream in(path(name), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  fs::path dir_;
};

const std::string sample_json =
    R"({"name":"Ada","tags":["a","b","c"],"pos":{"x":1.5,"y":-2.25},"count":12345678901,"ok":true,"none":null,"nested":[[1,2],[3,[4,5]]]})";

// prism's own compact JSON of a JSON text's value, keys in the order they come.
std::string canonical(const std::string& json) {
  auto v = prism::read<prism::json, prism::value>(json);
  EXPECT_TRUE(v) << v.error().message();
  std::string out;
  EXPECT_TRUE(prism::write<prism::json>(*v, out));
  return out;
}

// The same with object keys sorted (as FlexBuffers keeps them): what every conversion must come
// back to, whatever formats it went through.
std::string sorted(const std::string& json) {
  auto v = prism::read<prism::json, prism::value>(json);
  EXPECT_TRUE(v) << v.error().message() << " in " << json;
  std::string fb;
  EXPECT_TRUE(prism::write<prism::flex>(*v, fb));
  auto back = prism::read<prism::flex, prism::value>(fb);
  std::string out;
  EXPECT_TRUE(prism::write<prism::json>(*back, out));
  return out;
}

const std::vector<std::string> formats = {"json", "msgpack", "cbor", "beve", "zbin", "flex"};


TEST_F(Tool, ConvertsBetweenEveryPairOfFormats) {
  const std::string expected = sorted(sample_json);
  put("sample.json", sample_json);
  for (const auto& from : formats) {
    ASSERT_EQ(run("convert --to " + from + " " + path("sample.json") + " " + path("in." + from)).status, 0) << from;
    for (const auto& to : formats) {
      // The input's format is detected, except where short binary messages are ambiguous.
      const auto c = run("convert --from " + from + " --to " + to + " " + path("in." + from) + " " + path("out." + to));
      ASSERT_EQ(c.status, 0) << from << " -> " << to << ": " << c.out;
      const auto back = run("convert --to json " + path("out." + to) + " " + path("back.json"));
      ASSERT_EQ(back.status, 0) << from << " -> " << to << " -> json: " << back.out;
      EXPECT_EQ(sorted(get("back.json")), expected) << from << " -> " << to;
    }
  }
}

TEST_F(Tool, ReadsStandardInputAndWritesStandardOutput) {
  put("sample.json", sample_json);
  const auto piped = run("convert --to cbor < " + path("sample.json") + " | " + std::string(PRISM_TOOL_PATH) +
                         " convert --from cbor --to json");
  ASSERT_EQ(piped.status, 0) << piped.out;
  EXPECT_EQ(piped.out, canonical(sample_json));
  const auto pretty = run("convert --to json --pretty - < " + path("sample.json"));
  ASSERT_EQ(pretty.status, 0);
  EXPECT_NE(pretty.out.find("\n  \"name\": \"Ada\""), std::string::npos) << pretty.out;
}

TEST_F(Tool, ConvertsStreamsOfMessages) {
  const std::string lines = "{\"id\":1}\n{\"id\":2,\"tags\":[\"x\"]}\n\n[3,4]\n";
  put("in.jsonl", lines);
  ASSERT_EQ(run("convert --jsonl --to msgpack " + path("in.jsonl") + " " + path("stream.mp")).status, 0);
  const auto back = run("convert --jsonl --from msgpack --to json " + path("stream.mp"));
  ASSERT_EQ(back.status, 0) << back.out;
  EXPECT_EQ(back.out, "{\"id\":1}\n{\"id\":2,\"tags\":[\"x\"]}\n[3,4]\n");
  put("bad.jsonl", "{\"id\":1}\n{\"id\":\n");
  const auto bad = run("convert --jsonl --to cbor " + path("bad.jsonl") + " " + path("bad.cbor"));
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.out.find("line 2"), std::string::npos) << bad.out;
}

TEST_F(Tool, ReadsJsonWithCommentsWhenAsked) {
  put("settings.jsonc", "// settings\n{\"name\": \"Ada\", /* tags */ \"tags\": [\"a\",],}\n");
  const auto undetected = run("convert --to json " + path("settings.jsonc"));
  EXPECT_EQ(undetected.status, 1) << undetected.out;
  EXPECT_NE(undetected.out.find("give --jsonc"), std::string::npos) << undetected.out;
  const auto plain = run("convert --from json --to json " + path("settings.jsonc"));
  EXPECT_EQ(plain.status, 1) << plain.out;
  EXPECT_NE(plain.out.find("a comment"), std::string::npos) << plain.out;
  const auto c = run("convert --jsonc --to json " + path("settings.jsonc"));
  ASSERT_EQ(c.status, 0) << c.out;
  EXPECT_EQ(c.out, R"({"name":"Ada","tags":["a"]})");
  EXPECT_EQ(run("verify --jsonc " + path("settings.jsonc")).status, 0);
  put("open.jsonc", "[1, 2]\n/* never closed");
  const auto open = run("verify --jsonc " + path("open.jsonc"));
  EXPECT_EQ(open.status, 1) << open.out;
  EXPECT_NE(open.out.find("line 2"), std::string::npos) << open.out;
  EXPECT_EQ(run("verify --jsonc --format cbor " + path("settings.jsonc")).status, 2);
}

TEST_F(Tool, ReportsEachStepWhenAsked) {
  put("sample.json", sample_json);
  const auto c = run("convert --progress --to cbor " + path("sample.json") + " " + path("out.cbor"));
  ASSERT_EQ(c.status, 0) << c.out;
  for (const std::string& step : {"prism: " + std::to_string(sample_json.size()) + " bytes read from", std::string("prism: detected json"),
                                 std::string("prism: converted to cbor"), std::string("prism: written")})
    EXPECT_NE(c.out.find(step), std::string::npos) << step << " in " << c.out;
  EXPECT_NE(c.out.find(" s)\n"), std::string::npos) << c.out;
  const auto quiet = run("convert --to cbor " + path("sample.json") + " " + path("out.cbor"));
  EXPECT_EQ(quiet.out, "");  // small inputs: no lines unless asked
}

TEST_F(Tool, InspectShowsOffsetsTypesAndTensors) {
  std::string mp;
  ASSERT_TRUE(prism::write<prism::msgpack>(prism::read<prism::json, prism::value>(sample_json).value(), mp));
  put("sample.mp", mp);
  const auto tree = run("inspect " + path("sample.mp"));
  ASSERT_EQ(tree.status, 0) << tree.out;
  EXPECT_NE(tree.out.find("msgpack, " + std::to_string(mp.size()) + " bytes"), std::string::npos) << tree.out;
  EXPECT_NE(tree.out.find("       0  object, 7 entries"), std::string::npos) << tree.out;
  EXPECT_NE(tree.out.find("\"name\": string \"Ada\""), std::string::npos) << tree.out;
  EXPECT_NE(tree.out.find("\"count\": integer 12345678901"), std::string::npos) << tree.out;

  image img{prism::tensor<float, 2>({2, 3})};
  for (std::size_t i = 0; i < 6; ++i) img.pixels.data()[i] = 0.5f * static_cast<float>(i);
  std::string zb;
  ASSERT_TRUE(prism::write<prism::zbin>(img, zb));
  put("image.zbin", zb);
  const auto t = run("inspect " + path("image.zbin"));
  ASSERT_EQ(t.status, 0) << t.out;
  EXPECT_NE(t.out.find("\"pixels\": tensor float32 [2, 3] row-major, 24 bytes"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find(": 0, 0.5, 1, 1.5, ..."), std::string::npos) << t.out;

  // Long arrays and strings are elided with counts.
  put("long.json", "[1,2,3,4,5,6,7,8,9,10,11,12]");
  const auto elided = run("inspect " + path("long.json"));
  ASSERT_EQ(elided.status, 0) << elided.out;
  EXPECT_NE(elided.out.find("... 4 more"), std::string::npos) << elided.out;
}

TEST_F(Tool, DamagedInputIsAnErrorWithItsPlace) {
  std::string cbor;
  ASSERT_TRUE(prism::write<prism::cbor>(prism::read<prism::json, prism::value>(sample_json).value(), cbor));
  put("cut.cbor", cbor.substr(0, cbor.size() - 3));
  const auto v = run("verify --format cbor " + path("cut.cbor"));
  EXPECT_EQ(v.status, 1) << v.out;
  EXPECT_NE(v.out.find("invalid cbor: cbor:"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("at byte"), std::string::npos) << v.out;
  EXPECT_EQ(run("inspect --format cbor " + path("cut.cbor")).status, 1);
  EXPECT_EQ(run("convert --from cbor --to json " + path("cut.cbor")).status, 1);

  put("good.cbor", cbor);
  const auto ok = run("verify " + path("good.cbor"));
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_EQ(ok.out, "valid cbor, " + std::to_string(cbor.size()) + " bytes\n");

  // Limits are flags.
  const auto deep = run("verify --format cbor --max-depth 2 " + path("good.cbor"));
  EXPECT_EQ(deep.status, 1) << deep.out;
  EXPECT_NE(deep.out.find("nesting too deep"), std::string::npos) << deep.out;

  put("noise.bin", std::string("\xc1\xc1\xc1\xff\x00\x13", 6));
  EXPECT_EQ(run("verify " + path("noise.bin")).status, 1);
}

TEST_F(Tool, BadUsageAndMissingFilesHaveTheirOwnStatus) {
  const auto missing = run("verify " + path("nothing.json"));
  EXPECT_EQ(missing.status, 3);
  EXPECT_NE(missing.out.find("cannot open file " + path("nothing.json")), std::string::npos) << missing.out;
  const auto unknown = run("convert --to yaml " + path("nothing.json"));
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("unknown format \"yaml\""), std::string::npos) << unknown.out;
  EXPECT_EQ(run("frobnicate").status, 2);
  EXPECT_EQ(run("").status, 2);
}

TEST_F(Tool, StatsSizeTheMessageInEveryFormat) {
  put("sample.json", sample_json);
  const auto s = run("stats " + path("sample.json"));
  ASSERT_EQ(s.status, 0) << s.out;
  for (const auto& f : formats) EXPECT_NE(s.out.find("\n" + f), std::string::npos) << f << "\n" << s.out;
  std::string mp;
  ASSERT_TRUE(prism::write<prism::msgpack>(prism::read<prism::json, prism::value>(sample_json).value(), mp));
  const std::size_t line = s.out.find("\nmsgpack ");
  ASSERT_NE(line, std::string::npos) << s.out;
  const std::string row = s.out.substr(line + 1, s.out.find('\n', line + 1) - line - 1);
  EXPECT_NE(row.find(" " + std::to_string(mp.size()) + " "), std::string::npos) << row;
}

}  // namespace
