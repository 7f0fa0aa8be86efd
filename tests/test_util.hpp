// tests/test_util.hpp — helpers shared by the test programs.
#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace cvsearch::testing {

/// A fresh temporary directory, removed when the object goes out of scope.
class TempDir {
  public:
    TempDir() {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path() / ("cvsearch-test-" + std::to_string(rd()) + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

inline void write_file(const std::filesystem::path& p, const std::string& content) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << content;
}

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The source tree (for data/ and fixtures).
inline std::filesystem::path source_dir() { return CVSEARCH_SOURCE_DIR; }
/// ../shared next to the checkout, which holds real CVs on developer machines and CI.
inline std::filesystem::path shared_dir() { return CVSEARCH_SHARED_DIR; }

}  // namespace cvsearch::testing
