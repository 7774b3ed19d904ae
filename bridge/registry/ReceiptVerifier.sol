// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Arena agent-match receipt verifier
/// @notice Recovers the signer of an agent-match receipt: the EIP-712 record an arena
/// operator signs for every model decision in a match (the prompt and response hashes,
/// the move, whether it was a fallback and why, and when the call ran). A wallet or a
/// contract can thereby check a receipt without trusting an arena node.
/// @dev The domain is the one every arena signature is made in,
/// EIP712Domain(string name,string version,uint256 chainId,address verifyingContract), with
/// name "Arena", version "1", chainId the signature chain id the receipt carries (the EVM
/// chain the operator's key signed under, passed beside the receipt) and verifyingContract
/// the arena's address, the last 20 bytes of keccak256("Arena" || genesis hash), fixed at
/// construction. It is not this contract's address, so a receipt's digest is the same
/// here, in the ledger and in any wallet. The contract holds no state and cannot be called
/// to change anything.
contract ReceiptVerifier {
    /// @notice One model decision, as the operator signed it. matchId is the match's
    /// uint64 id as a big-endian bytes32; promptHash and responseHash are keccak256 of
    /// the raw prompt and response bytes. isFallback is the type string's `fallback`
    /// member (a Solidity keyword, so renamed here; EIP-712 hashes the type string, not
    /// this name).
    struct Receipt {
        bytes32 matchId;
        uint32 turn;
        uint32 agentId;
        bytes32 promptHash;
        bytes32 responseHash;
        uint8 move;
        bool isFallback;
        uint8 fallbackReason;
        uint64 startedAt;
        uint64 finishedAt;
    }

    /// @notice keccak256 of the Receipt type string.
    bytes32 public constant RECEIPT_TYPEHASH = keccak256(
        "Receipt(bytes32 matchId,uint32 turn,uint32 agentId,bytes32 promptHash,bytes32 responseHash,uint8 move,bool fallback,uint8 fallbackReason,uint64 startedAt,uint64 finishedAt)"
    );

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    /// @notice The genesis hash of the arena whose receipts this contract checks.
    bytes32 public immutable arena;

    /// @notice The address the domain names the arena by: the last 20 bytes of
    /// keccak256("Arena" || arena).
    address public immutable arenaAddress;

    // Half the secp256k1 group order: a signature with a larger s is the malleated twin
    // of one with a smaller s, and is refused as wallets refuse it.
    uint256 private constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    error BadSignatureLength(uint256 length);
    error BadSignatureV(uint8 v);
    error HighS();
    error InvalidSignature();
    error ZeroChainId();

    constructor(bytes32 arena_) {
        arena = arena_;
        arenaAddress = address(uint160(uint256(keccak256(abi.encodePacked("Arena", arena_)))));
    }

    /// @notice Returns the EIP-712 domain separator of a receipt signed under the EVM
    /// chain signatureChainId; a chain id of zero, which no wallet is on, reverts.
    function domainSeparator(uint64 signatureChainId) public view returns (bytes32) {
        if (signatureChainId == 0) revert ZeroChainId();
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Arena"), keccak256("1"), uint256(signatureChainId), arenaAddress)
        );
    }

    /// @notice Returns the EIP-712 digest of r signed under signatureChainId (the receipt
    /// hash a match commits to).
    function digest(Receipt calldata r, uint64 signatureChainId) public view returns (bytes32) {
        bytes32 structHash = keccak256(
            abi.encode(
                RECEIPT_TYPEHASH,
                r.matchId,
                r.turn,
                r.agentId,
                r.promptHash,
                r.responseHash,
                r.move,
                r.isFallback,
                r.fallbackReason,
                r.startedAt,
                r.finishedAt
            )
        );
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(signatureChainId), structHash));
    }

    /// @notice Returns the address whose key made sig, a 65-byte r || s || v signature
    /// (v 27 or 28, or 0 or 1) over digest(r, signatureChainId). A receipt altered in any
    /// field, or under another chain id, recovers to another address; a signature that is
    /// not one reverts.
    function signer(Receipt calldata r, uint64 signatureChainId, bytes calldata sig) external view returns (address) {
        if (sig.length != 65) revert BadSignatureLength(sig.length);
        bytes32 rr = bytes32(sig[0:32]);
        bytes32 ss = bytes32(sig[32:64]);
        uint8 v = uint8(sig[64]);
        if (v < 27) v += 27;
        if (v != 27 && v != 28) revert BadSignatureV(uint8(sig[64]));
        if (uint256(ss) > HALF_ORDER) revert HighS();
        address a = ecrecover(digest(r, signatureChainId), v, rr, ss);
        if (a == address(0)) revert InvalidSignature();
        return a;
    }
}
