//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Argument Parser open source project
//
// Copyright (c) 2025 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

// Clavier's copy (README.vendor): upstream encodes `--experimental-dump-help`
// with FoundationEssentials' JSONEncoder, which links all of
// FoundationEssentials into every program using the library. This encoder is
// pure Swift and writes the same bytes as that one set to
// `[.prettyPrinted, .sortedKeys]`: two spaces a level, `"key" : value`, keys
// in the order of their UTF-8 bytes, `/` escaped as `\/`, control characters
// as `\b \f \n \r \t` or `\u00xx`, an empty container as `[` or `{`, an empty
// line and the closing bracket, integers in decimal, floating-point numbers
// as their description without a trailing `.0`.

enum JSONEncoder {
  /// `value` as pretty-printed JSON with sorted keys, or "" if it cannot be
  /// encoded (a non-finite number, or nothing encoded at all).
  static func encode<T: Encodable>(_ value: T) -> String {
    let root = JSONNode()
    guard (try? root.store(value, codingPath: [])) != nil,
      root.content != nil
    else { return "" }
    var output = ""
    root.write(to: &output, indent: 0)
    return output
  }
}

/// One value of the JSON document being built. A class, so that the
/// containers an `Encodable` type asks for can fill it after handing it out.
private final class JSONNode {
  enum Content {
    /// A number, `true`, `false`, `null` or a quoted and escaped string.
    case scalar(String)
    case array([JSONNode])
    case object([String: JSONNode])
  }

  var content: Content?

  func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
    switch value {
    case let string as String:
      content = .scalar(Self.quoted(string))
    case let bool as Bool:
      content = .scalar(bool ? "true" : "false")
    case let integer as any BinaryInteger:
      content = .scalar("\(integer)")
    case let double as Double:
      content = .scalar(try Self.number(double, codingPath: codingPath))
    case let float as Float:
      content = .scalar(try Self.number(float, codingPath: codingPath))
    default:
      try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
    }
  }

  func storeNil() { content = .scalar("null") }

  /// Makes this node an object (keeping the members it has) and returns
  /// the member at `key`, new.
  func member(_ key: String) -> JSONNode {
    var members: [String: JSONNode] = [:]
    if case .object(let existing) = content { members = existing }
    let node = JSONNode()
    members[key] = node
    content = .object(members)
    return node
  }

  func makeObject() {
    if case .object = content { return }
    content = .object([:])
  }

  /// Makes this node an array (keeping the elements it has) and returns a
  /// new element at its end.
  func appendElement() -> JSONNode {
    var elements: [JSONNode] = []
    if case .array(let existing) = content { elements = existing }
    let node = JSONNode()
    elements.append(node)
    content = .array(elements)
    return node
  }

  func makeArray() {
    if case .array = content { return }
    content = .array([])
  }

  var count: Int {
    switch content {
    case .array(let elements): return elements.count
    case .object(let members): return members.count
    default: return 0
    }
  }

  func write(to output: inout String, indent: Int) {
    switch content {
    case .scalar(let text):
      output += text
    case .array(let elements):
      output += "[\n"
      for (index, element) in elements.enumerated() {
        if index > 0 { output += ",\n" }
        Self.writeIndent(indent + 1, to: &output)
        element.write(to: &output, indent: indent + 1)
      }
      output += "\n"
      Self.writeIndent(indent, to: &output)
      output += "]"
    case .object(let members):
      output += "{\n"
      let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (index, member) in sorted.enumerated() {
        if index > 0 { output += ",\n" }
        Self.writeIndent(indent + 1, to: &output)
        output += Self.quoted(member.key)
        output += " : "
        member.value.write(to: &output, indent: indent + 1)
      }
      output += "\n"
      Self.writeIndent(indent, to: &output)
      output += "}"
    case nil:
      // A nested container nothing was put in: an empty object, as
      // FoundationEssentials writes it.
      output += "{\n\n"
      Self.writeIndent(indent, to: &output)
      output += "}"
    }
  }

  static func writeIndent(_ level: Int, to output: inout String) {
    output += String(repeating: "  ", count: level)
  }

  static func quoted(_ string: String) -> String {
    let hex = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(string.utf8.count + 2)
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
        bytes += [UInt8(ascii: "\\"), byte]
      case 0x08: bytes += Array("\\b".utf8)
      case 0x0c: bytes += Array("\\f".utf8)
      case 0x0a: bytes += Array("\\n".utf8)
      case 0x0d: bytes += Array("\\r".utf8)
      case 0x09: bytes += Array("\\t".utf8)
      case 0x00..<0x20:
        bytes += Array("\\u00".utf8) + [hex[Int(byte / 16)], hex[Int(byte % 16)]]
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, codingPath: [any CodingKey]
  ) throws -> String {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "\(value) is not a valid JSON number."))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}

/// The `Encoder` an `Encodable` value writes itself to, filling one node.
private struct NodeEncoder: Encoder {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(node: node, codingPath: codingPath)
  }
}

/// A string or integer key of an array element or of `super`.
private struct IndexKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    self.stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
}

// Each container's generic `encode` also stands for the requirements for
// String, Bool and each number type, which it handles in `JSONNode.store`.

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONNode
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws {
    node.member(key.stringValue).storeNil()
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try node.member(key.stringValue).store(value, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.member("super"), codingPath: codingPath + [IndexKey(stringValue: "super")])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

  mutating func encodeNil() throws {
    node.appendElement().storeNil()
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = nextPath
    try node.appendElement().store(value, codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let path = nextPath
    return NodeEncoder(node: node.appendElement(), codingPath: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    return NodeEncoder(node: node.appendElement(), codingPath: path).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = nextPath
    return NodeEncoder(node: node.appendElement(), codingPath: path)
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.storeNil() }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.store(value, codingPath: codingPath)
  }
}
