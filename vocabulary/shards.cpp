#include "vocabulary/shards.hpp"

#include <fstream>
#include <system_error>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"

namespace cvsearch::indexing {
namespace fs = std::filesystem;

std::uint64_t fnv1a64(std::string_view bytes) noexcept {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::size_t shard_of(std::string_view id, std::size_t shards) noexcept {
    return shards <= 1 ? 0 : static_cast<std::size_t>(fnv1a64(id) % shards);
}

std::string shard_name(std::size_t index) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "shard-%03zu", index);
    return buf;
}

std::optional<StubInfo> read_stub(const fs::path& path) {
    std::error_code ec;
    fs::path file = path;
    if (fs::is_directory(path, ec)) {
        if (fs::exists(path / "iamglass", ec)) return std::nullopt;  // Xapian prefers the glass tables
        file = path / stub_file_name;
    }
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    std::ifstream in(file);
    if (!in) throw Error(ErrorCode::io, file.string(), "cannot read the stub file; check its permissions");
    StubInfo info;
    info.file = file;
    std::string line;
    while (std::getline(in, line)) {
        std::string t(text::trim(line));
        if (t.empty()) continue;
        if (t.rfind(shards_tag, 0) == 0) {
            try {
                info.declared_shards = std::stoul(t.substr(shards_tag.size()));
            } catch (const std::exception&) {
                throw Error(ErrorCode::index_corrupt, file.string(),
                            "the line \"" + t + "\" should give the shard count (\"# cvsearch-shards 3\")");
            }
            continue;
        }
        if (t.rfind(aux_tag, 0) == 0) {
            fs::path aux = std::string(text::trim(t.substr(aux_tag.size())));
            info.aux = aux.is_absolute() ? aux : file.parent_path() / aux;
            continue;
        }
        if (t.front() == '#') continue;
        info.databases.push_back(t);
    }
    return info;
}

ShardLayout make_shard_layout(const fs::path& dir, std::size_t shards) {
    ShardLayout l;
    l.dir = dir;
    for (std::size_t k = 0; k < shards; ++k) l.shards.push_back(dir / shard_name(k));
    l.aux = dir / aux_name;
    return l;
}

std::optional<ShardLayout> shard_layout(const fs::path& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return std::nullopt;
    auto stub = read_stub(dir);
    if (!stub || stub->declared_shards == 0) return std::nullopt;
    const std::size_t n = stub->declared_shards;
    ShardLayout l = make_shard_layout(dir, n);
    bool ok = n <= max_shards && stub->databases.size() == n;
    for (std::size_t k = 0; ok && k < n; ++k) ok = stub->databases[k] == "auto " + shard_name(k);
    if (!ok)
        throw Error(ErrorCode::index_corrupt, stub->file.string(),
                    "says \"# cvsearch-shards " + std::to_string(n) +
                        "\" but does not list auto shard-000 ... in order; it was edited by hand: restore it, or "
                        "rebuild the index into a new --db path");
    return l;
}

}  // namespace cvsearch::indexing
