// The facet table's file (FacetTable::save / load, vocabulary/facet_table.hpp).
//
// Layout, native byte order (a file from a machine of the other order fails
// the byte-order check and is rebuilt, as is any file this code did not write):
//
//   header   "cvsfacet", u32 format, u32 byte-order mark, u64 revision,
//            u64 payload bytes, u64 payload checksum
//   payload  u32 UUID length, UUID, u32 id width (16 or 32), u32 facet_begin[5],
//            u64 values, each u32 length + bytes, then u64 count + the elements
//            of rows, ids, splits, totals and priors, in that order.
//
// The checksum catches a file damaged after it was written (a crash before
// the data reached the disk leaves zeros); the structural checks make sure a
// table that passes them cannot count out of bounds.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <system_error>

#include "vocabulary/facet_table.hpp"

namespace cvsearch::search {
namespace fs = std::filesystem;

namespace {

constexpr char magic[8] = {'c', 'v', 's', 'f', 'a', 'c', 'e', 't'};
/// 2: four facets (the affiliation facet added; schema version 2).
constexpr std::uint32_t format = 2;
constexpr std::uint32_t byte_order_mark = 0x01020304;
constexpr std::size_t header_bytes = sizeof magic + 4 + 4 + 8 + 8 + 8;

/// FNV-1a over 8-byte words, with a shift to spread the high bits: ~10 ms
/// for the 60 MB of a 1,000,000-profile table. Detects damage, not tampering.
std::uint64_t checksum(std::string_view bytes) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, bytes.data() + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < bytes.size(); ++i) h = (h ^ static_cast<unsigned char>(bytes[i])) * 0x100000001b3ull;
    return h;
}

class Out {
  public:
    template <class T>
    void put(const T& v) {
        bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    void put_string(std::string_view s) {
        put(static_cast<std::uint32_t>(s.size()));
        bytes_.append(s);
    }
    template <class T>
    void put_vector(const std::vector<T>& v) {
        put(static_cast<std::uint64_t>(v.size()));
        if (!v.empty()) bytes_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
    }
    std::string& bytes() { return bytes_; }

  private:
    std::string bytes_;
};

/// Reads what Out wrote; every read checks the bounds, and ok() turns false
/// at the first that fails (the rest read nothing).
class In {
  public:
    explicit In(std::string_view bytes) : rest_(bytes) {}
    template <class T>
    T get() {
        T v{};
        if (rest_.size() < sizeof v) return fail(), v;
        std::memcpy(&v, rest_.data(), sizeof v);
        rest_.remove_prefix(sizeof v);
        return v;
    }
    std::string get_string() {
        const auto n = get<std::uint32_t>();
        if (rest_.size() < n) return fail(), std::string();
        std::string s(rest_.substr(0, n));
        rest_.remove_prefix(n);
        return s;
    }
    template <class T>
    std::vector<T> get_vector() {
        const auto n = get<std::uint64_t>();
        if (n > rest_.size() / sizeof(T)) return fail(), std::vector<T>();
        std::vector<T> v(static_cast<std::size_t>(n));
        if (!v.empty()) std::memcpy(v.data(), rest_.data(), v.size() * sizeof(T));  // (an empty one's data() may be null)
        rest_.remove_prefix(v.size() * sizeof(T));
        return v;
    }
    bool ok() const { return ok_; }
    bool at_end() const { return rest_.empty(); }

  private:
    void fail() {
        ok_ = false;
        rest_ = {};
    }
    std::string_view rest_;
    bool ok_ = true;
};

bool read_whole(const fs::path& file, std::string& out) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    if (size < 0) return false;
    out.resize(static_cast<std::size_t>(size));
    in.seekg(0);
    return static_cast<bool>(in.read(out.data(), static_cast<std::streamsize>(out.size())));
}

}  // namespace

struct FacetTableFile {
    static std::string payload(const FacetTable& t) {
        Out out;
        out.put_string(t.uuid_);
        out.put(static_cast<std::uint32_t>(t.ids32_.empty() ? 16 : 32));
        for (auto b : t.facet_begin_) out.put(b);
        out.put(static_cast<std::uint64_t>(t.values_.size()));
        for (const auto& v : t.values_) out.put_string(v);
        out.put_vector(t.rows_);
        if (t.ids32_.empty()) out.put_vector(t.ids16_);
        else out.put_vector(t.ids32_);
        out.put_vector(t.splits_);
        out.put_vector(t.totals_);
        out.put_vector(t.priors_);
        return std::move(out.bytes());
    }

    /// The table in `payload`, or null when it is not one that counts within
    /// its bounds (see the checks).
    static std::shared_ptr<FacetTable> parse(std::string_view payload) {
        auto t = std::make_shared<FacetTable>();
        In in(payload);
        t->uuid_ = in.get_string();
        const auto width = in.get<std::uint32_t>();
        for (auto& b : t->facet_begin_) b = in.get<std::uint32_t>();
        const auto n_values = in.get<std::uint64_t>();
        if (!in.ok() || n_values > payload.size() / 4) return nullptr;  // each value takes 4 bytes or more
        t->values_.reserve(static_cast<std::size_t>(n_values));
        for (std::uint64_t i = 0; i < n_values && in.ok(); ++i) t->values_.push_back(in.get_string());
        t->rows_ = in.get_vector<std::uint32_t>();
        if (width == 16) t->ids16_ = in.get_vector<std::uint16_t>();
        else if (width == 32) t->ids32_ = in.get_vector<std::uint32_t>();
        else return nullptr;
        t->splits_ = in.get_vector<FacetTable::Split>();
        t->totals_ = in.get_vector<std::uint32_t>();
        t->priors_ = in.get_vector<double>();
        if (!in.ok() || !in.at_end()) return nullptr;

        // What count() relies on to stay within the vectors.
        const std::size_t values = t->values_.size();
        constexpr std::size_t facets = FacetTable::facet_count;
        if (t->facet_begin_[0] != 0 || t->facet_begin_[facets] != values) return nullptr;
        for (std::size_t f = 0; f < facets; ++f)
            if (t->facet_begin_[f] > t->facet_begin_[f + 1]) return nullptr;
        const auto& rows = t->rows_;
        const std::size_t n_ids = width == 16 ? t->ids16_.size() : t->ids32_.size();
        if (rows.size() < 2 || rows[0] != 0 || rows[1] != 0 || rows.back() != n_ids) return nullptr;
        if (t->splits_.size() != rows.size() - 1 || t->priors_.size() != rows.size() - 1 || t->totals_.size() != values)
            return nullptr;
        for (std::size_t d = 0; d + 1 < rows.size(); ++d) {
            if (rows[d] > rows[d + 1]) return nullptr;
            std::uint32_t previous = 0;
            for (std::uint8_t split : t->splits_[d]) {
                if (split < previous) return nullptr;
                previous = split;
            }
            if (previous > rows[d + 1] - rows[d]) return nullptr;
        }
        if (width == 16 && values > (std::size_t{1} << 16)) return nullptr;
        auto in_range = [&](const auto& ids) {
            for (auto id : ids)
                if (id >= values) return false;
            return true;
        };
        if (!(width == 16 ? in_range(t->ids16_) : in_range(t->ids32_))) return nullptr;
        return t;
    }
};

void FacetTable::save(const fs::path& file) const {
    const std::string payload = FacetTableFile::payload(*this);
    Out header;
    header.bytes().append(magic, sizeof magic);
    header.put(format);
    header.put(byte_order_mark);
    header.put(static_cast<std::uint64_t>(revision_));
    header.put(static_cast<std::uint64_t>(payload.size()));
    header.put(checksum(payload));

    // Written beside the file and renamed over it: a reader sees the old file or the new one.
    fs::path tmp = file;
    tmp += ".tmp";
    std::FILE* out = std::fopen(tmp.c_str(), "wb");
    if (!out) throw std::system_error(errno, std::generic_category(), "cannot create " + tmp.string());
    const bool written = std::fwrite(header.bytes().data(), 1, header.bytes().size(), out) == header.bytes().size() &&
                         std::fwrite(payload.data(), 1, payload.size(), out) == payload.size() && std::fflush(out) == 0;
    const int write_errno = errno;
    const bool closed = std::fclose(out) == 0;
    if (!written || !closed) {
        const int e = written ? errno : write_errno;
        std::error_code ignored;
        fs::remove(tmp, ignored);
        throw std::system_error(e, std::generic_category(), "cannot write " + tmp.string());
    }
    std::error_code ec;
    fs::rename(tmp, file, ec);
    if (ec) {
        fs::remove(tmp, ec);
        throw std::system_error(ec, "cannot rename " + tmp.string() + " to " + file.string());
    }
}

void FacetTable::save_for(const fs::path& dir) {
    Xapian::Database db(dir.string());
    build(db)->save(dir / file_name);
}

std::shared_ptr<const FacetTable> FacetTable::load(const fs::path& file, const Xapian::Database& db) {
    std::string bytes;
    if (!read_whole(file, bytes) || bytes.size() < header_bytes) return nullptr;
    In header(std::string_view(bytes).substr(sizeof magic, header_bytes - sizeof magic));
    const auto file_format = header.get<std::uint32_t>();
    const auto mark = header.get<std::uint32_t>();
    const auto revision = header.get<std::uint64_t>();
    const auto payload_bytes = header.get<std::uint64_t>();
    const auto sum = header.get<std::uint64_t>();
    if (std::memcmp(bytes.data(), magic, sizeof magic) != 0 || file_format != format || mark != byte_order_mark)
        return nullptr;
    if (revision != db.get_revision() || payload_bytes != bytes.size() - header_bytes) return nullptr;
    const std::string_view payload = std::string_view(bytes).substr(header_bytes);
    if (checksum(payload) != sum) return nullptr;
    auto t = FacetTableFile::parse(payload);
    if (!t || t->uuid_ != db.get_uuid() || t->rows_.size() != static_cast<std::size_t>(db.get_lastdocid()) + 2)
        return nullptr;
    t->revision_ = revision;
    t->loaded_ = true;
    return t;
}

}  // namespace cvsearch::search
